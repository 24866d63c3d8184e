export { CASE_FOLDING_UNICODE_VERSION, foldCase } from './fold-case';
export { decodeHtmlEntities } from './decode-html-entities';
export { normalizeText, TextNormalizationError } from './normalize-text';
export { fingerprintText } from './fingerprint-text';
export { canonicalLanguageTag, isLanguageTag, isWellFormedLanguageTag } from './language-tag';
export { sanitizeServedText, unservableTextProblem } from './served-text';
export { makeSnippet, SNIPPET_CHARACTERS } from './make-snippet';
export {
  MAX_QUERY_CHARACTERS,
  MAX_QUERY_TERMS,
  parseSearchQuery,
  type SearchQuery,
} from './parse-search-query';
export { searchKeywords } from './search-keywords';
