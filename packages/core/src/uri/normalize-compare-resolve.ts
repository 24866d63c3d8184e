// The `@agent-ready/core/uri` entry: what batch tools (the CLI's `uri` commands) need, without
// the rest of the protocol code. It loads tr46 for IDN hosts and nothing else from the core.
export { UriError, type UriErrorCode } from './uri-error';
export { normalizeUri, normalizeUriReference, type UriNormalizationLevel } from './normalize-uri';
export {
  compareUris,
  type CompareUrisOptions,
  type UriComparison,
  type UriComparisonRung,
} from './compare-uris';
export { resolveUri } from './resolve-uri';
