export { CASE_FOLDING_UNICODE_VERSION, foldCase } from './fold-case';
export { decodeHtmlEntities } from './decode-html-entities';
export { normalizeText, TextNormalizationError } from './normalize-text';
export { fingerprintText } from './fingerprint-text';
export { canonicalLanguageTag, isLanguageTag, isWellFormedLanguageTag } from './language-tag';
export { sanitizeServedText, unservableTextProblem } from './served-text';
