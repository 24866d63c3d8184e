export {
  CanonicalJsonError,
  canonicalizeJson,
  canonicalJsonBytes,
  type JsonValue,
} from './canonicalize-json';
export * from './check-json-limits';
