import { ArtifactDescriptorError } from './families/descriptor-fields';
import type { DescriptorOf, STORED_ARTIFACT_LIST } from './families/stored-artifact-families';

/**
 * What a stored artifact is, by family: the typed descriptor the builders write beside its bytes
 * and the endpoints serve it by. Serving reads nothing else of it; every header is formed at
 * serve time from the bytes, their validators and this. A builder's own bookkeeping between
 * builds (`build`, `part`) is typed here too, so nothing in the table is an untyped bag. Each
 * stored family declares its descriptor (`serve/families/<name>/<name>-descriptor.ts`);
 * and `families/stored-artifact-families.ts` lists it: the union below is derived from that list.
 * `read-artifact-descriptor` reads any of them through the registry. Types only here, so the
 * families may name them without importing the registry that lists them.
 */

export { ArtifactDescriptorError };
export {
  SITEMAP_FAMILY,
  type JsonSitemapDescriptor,
} from './families/json-sitemap/json-sitemap-descriptor';
export {
  LLMS_TXT_FAMILY,
  type LlmsFullTxtBuild,
  type LlmsTxtDescriptor,
  type LlmsTxtPartOfIndex,
} from './families/llms-txt/llms-txt-descriptor';
export {
  SCP_FAMILY,
  type IdentityRepresentation,
  type ScpDeltaBuild,
  type ScpDescriptor,
  type ScpSectionBuild,
  type ScpSitemapBuild,
  type ScpSnapshotBuild,
} from './families/scp/scp-descriptor';
export {
  LLMINDEX_FAMILY,
  type LlmindexBuild,
  type LlmindexDescriptor,
} from './families/llmindex/llmindex-descriptor';

/**
 * The descriptor of any stored family's artifact (a union on `family`), derived from the list of
 * stored families (`STORED_ARTIFACT_LIST`).
 */
export type ArtifactDescriptor = DescriptorOf<(typeof STORED_ARTIFACT_LIST)[number]>;

/** The families of artifacts, each served by its own module. */
export type ArtifactFamily = ArtifactDescriptor['family'];
