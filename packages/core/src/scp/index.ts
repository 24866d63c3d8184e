export * from './scp-types';
export * from './scp-errors';
export * from './scp-timestamp';
export * from './build-scp-page';
export * from './tree-to-scp-blocks';
export type { ScpMetadataInput } from './scp-metadata';
export { computeScpChecksum, verifyScpChecksum } from './scp-checksum';
export {
  scpFileExtension,
  scpCompressionFromFileName,
  createScpCompressor,
  hasNodeZstd,
  hasZstd,
  SCP_DEFAULT_LEVELS,
} from './scp-compression';
export type { ScpByteSource } from './decompress-scp-stream';
export * from './write-scp-collection';
export * from './parse-scp-collection';
export * from './inspect-scp-collection';
export * from './select-scp-delta';
export * from './scp-encoding';
export * from './build-scp-sitemap';
export * from './parse-scp-sitemap';
export * from './scp-local-index';
export * from './apply-scp-collection';
