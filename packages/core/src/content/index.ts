export * from './content-tree';
export { ContentParseError } from './content-errors';
export { DEFAULT_MAX_CONTENT_LENGTH, type ParseContentOptions } from './content-options';
export { normalizeContentTree } from './normalize-content-tree';
export { resolveContentUrl } from './resolve-content-url';
