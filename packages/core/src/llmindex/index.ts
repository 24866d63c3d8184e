export * from './llmindex-types';
export * from './llmindex-errors';
export {
  assertLlmindexManifest,
  validateLlmindexManifest,
  LLMINDEX_MANIFEST_FIELDS,
} from './validate-manifest';
export {
  readLlmindexManifest,
  readLlmindexResponse,
  type LlmindexHttpResponse,
  type LlmindexManifestView,
  type LlmindexReadResult,
} from './read-manifest';
export {
  buildLlmindexManifest,
  LLMINDEX_DEFAULT_ENDPOINT_PATHS,
  type LlmindexManifestInput,
} from './build-manifest';
export {
  assertLlmindexProductLine,
  validateLlmindexProductLine,
  validateLlmindexProductFeed,
  LLMINDEX_PRODUCT_LINE_FIELDS,
  type LlmindexFeedProblem,
  type LlmindexFeedValidationResult,
} from './validate-product-line';
export {
  buildLlmindexProductLine,
  formatLlmindexProductFeed,
  formatLlmindexProductLine,
  type LlmindexProductInput,
} from './build-product-line';
export type { LlmindexPageCommon, LlmindexRichText } from './render-llm-page';
export * from './render-products-page';
export * from './render-policies-page';
export * from './render-faq-page';
export * from './render-about-page';
export * from './ownership-proof';
export {
  buildLlmindexJwks,
  generateLlmindexKeyPair,
  type JWK,
  type LlmindexJwks,
  type LlmindexKeyPair,
  type LlmindexPrivateJwk,
  type LlmindexPublicJwk,
} from './llmindex-keys';
export * from './sign-manifest';
export * from './verify-manifest-signature';
