export { UriError, type UriErrorCode } from './uri-error';
export type { UriAuthority, UriComponents, UriHostKind } from './uri-components';
export { parseUri, parseUriReference, type AbsoluteUriComponents } from './parse-uri';
export { serializeUri } from './serialize-uri';
export { removeDotSegments } from './remove-dot-segments';
export { resolveUri, resolveUriComponents } from './resolve-uri';
export {
  normalizeUri,
  normalizeUriSyntax,
  normalizeUriReference,
  normalizeUriComponents,
  type UriNormalizationLevel,
} from './normalize-uri';
export {
  compareUris,
  type CompareUrisOptions,
  type UriComparison,
  type UriComparisonRung,
} from './compare-uris';
export { hostToAscii, hostToUnicode, TR46_HOST_OPTIONS } from './convert-host';
export { iriToUri, uriToDisplayIri } from './map-iri-to-uri';
export { isHttpUrl, resolveUrlAgainst } from './http-url';
