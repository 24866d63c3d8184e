import { jsonSitemapArtifacts } from './json-sitemap/json-sitemap-descriptor';
import { llmindexArtifacts } from './llmindex/llmindex-descriptor';
import { llmsTxtArtifacts } from './llms-txt/llms-txt-descriptor';
import { scpArtifacts } from './scp/scp-descriptor';
import type { ArtifactDescriptorBase, StoredArtifactFamily } from './stored-artifact-family';

// The stored families' artifacts in one list, in registry order. Only the descriptor modules
// are imported here (leaves), so `artifact-descriptor.ts` derives its union from this list
// without reaching the families' endpoints, which name that union (no import cycle).

/**
 * Every stored family's artifacts: how its descriptor is read and what it is served as. The
 * `ArtifactDescriptor` union is derived from this list; `registry.test.ts` holds it to the
 * stored families of `ENDPOINT_FAMILIES`.
 */
export const STORED_ARTIFACT_LIST = [
  jsonSitemapArtifacts,
  llmsTxtArtifacts,
  scpArtifacts,
  llmindexArtifacts,
] as const;

/** The descriptor a stored family's artifacts are read as. */
export type DescriptorOf<Artifacts> =
  Artifacts extends StoredArtifactFamily<infer D extends ArtifactDescriptorBase> ? D : never;

/** The stored families' artifacts by the `family` of their rows: core's and any extension's. */
export type ArtifactFamilies = ReadonlyMap<string, StoredArtifactFamily>;
