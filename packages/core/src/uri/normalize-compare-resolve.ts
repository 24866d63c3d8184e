// The `@agent-ready/core/uri` entry: what batch tools (the CLI's `uri` commands) need, without
// the rest of the protocol code (tr46 itself loads only on the first internationalized host).
export { UriError, type UriErrorCode } from './uri-error';
export { normalizeUri, normalizeUriReference, type UriNormalizationLevel } from './normalize-uri';
export {
  compareUris,
  type CompareUrisOptions,
  type UriComparison,
  type UriComparisonRung,
} from './compare-uris';
export { resolveUri } from './resolve-uri';
