export * from './scp-types';
export * from './scp-errors';
export * from './scp-timestamp';
export * from './scp-language-tag';
export { isScpHttpUrl, normalizeScpUrl } from './check-scp-url';
export {
  checkScpBlock,
  type ScpBlockCheck,
  type ScpCheckMode,
  type ScpCheckProblem,
} from './check-scp-block';
export { checkScpPageLine, type ScpPageCheck, type ScpPageCheckOptions } from './check-scp-page';
export * from './build-scp-page';
export * from './tree-to-scp-blocks';
export * from './scp-metadata';
export * from './scp-checksum';
export {
  detectScpCompression,
  scpFileExtension,
  scpCompressionFromFileName,
  createScpCompressor,
  hasNodeZstd,
  SCP_DEFAULT_LEVELS,
} from './scp-compression';
export {
  decompressScpStream,
  type ScpByteCounters,
  type ScpByteSource,
} from './decompress-scp-stream';
export * from './write-scp-collection';
export * from './parse-scp-collection';
export * from './inspect-scp-collection';
export * from './select-scp-delta';
export * from './scp-http-headers';
export * from './build-scp-sitemap';
export * from './parse-scp-sitemap';
export * from './scp-local-index';
export * from './apply-scp-collection';
