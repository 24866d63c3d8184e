export * from './llmstxt-types';
export * from './llmstxt-errors';
export { generateLlmsTxt } from './generate-llms-txt';
export { generateLlmsTxtIndex, type LlmsTxtIndexEntry } from './generate-llms-txt-index';
export {
  generateLlmsFullTxt,
  llmsFullTxtChunks,
  type LlmsFullTxtMarkdownSource,
} from './generate-llms-full-txt';
export { listLlmsTxtFiles, llmsTxtFileFor, llmsTxtPageLinks } from './list-llms-txt-files';
export { inspectLlmsTxt, parseLlmsTxt } from './parse-llms-txt';
export { markdownTwinUrl, type MarkdownTwinStyle } from './markdown-twin-url';
export { LLMS_TXT_DEFAULT_SECTION } from './select-llms-txt-pages';
