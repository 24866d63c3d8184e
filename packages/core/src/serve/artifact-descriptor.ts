import { TCT_1, type TctProfile } from '../tct/tct-profile';
import { ArtifactDescriptorError, FieldReader, type Json } from './families/descriptor-fields';
import type { JsonSitemapDescriptor } from './families/json-sitemap/json-sitemap-descriptor';
import type { LlmindexDescriptor } from './families/llmindex/llmindex-descriptor';
import type { LlmsTxtDescriptor } from './families/llms-txt/llms-txt-descriptor';
import type { ScpDescriptor } from './families/scp/scp-descriptor';
import { STORED_ARTIFACT_FAMILIES } from './families/registry';

/**
 * What a stored artifact is, by family: the typed descriptor the builders write beside its bytes
 * and the endpoints serve it by. Serving reads nothing else of it; every header is formed at
 * serve time from the bytes, their validators and this. A builder's own bookkeeping between
 * builds (`build`, `part`) is typed here too, so nothing in the table is an untyped bag. Each
 * stored family declares its descriptor (`serve/families/<name>/<name>-descriptor.ts`); this
 * module reads any of them through the registry.
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

/** The descriptor of any stored family's artifact (a union on `family`). */
export type ArtifactDescriptor =
  JsonSitemapDescriptor | LlmsTxtDescriptor | ScpDescriptor | LlmindexDescriptor;

/** The families of artifacts, each served by its own module. */
export type ArtifactFamily = ArtifactDescriptor['family'];

/**
 * The `Content-Type` an artifact is served with, by what it is: formed by core, never taken
 * from storage (the JSON sitemap's comes from the site's TCT profile).
 */
export function artifactContentType(
  descriptor: ArtifactDescriptor,
  profile: TctProfile = TCT_1,
): string {
  return STORED_ARTIFACT_FAMILIES.get(descriptor.family)!.contentType(descriptor, profile);
}

/** The stored form: the descriptor as JSON, without `family` (the artifact's own column). */
export function serializeArtifactDescriptor(descriptor: ArtifactDescriptor): string {
  const { family: _family, ...stored } = descriptor;
  return JSON.stringify(stored);
}

/**
 * The descriptor of a stored artifact, from its family and its stored JSON (the `meta` column:
 * text, an object, or null). An unknown family or a field of the wrong shape is an
 * `ArtifactDescriptorError` naming the artifact and the field, never a crash further on. The
 * layout written before descriptors had a `kind` is read into today's by the family; a build's
 * state is kept where it maps one to one, otherwise left out (the builder rebuilds that family
 * once).
 */
export function parseArtifactDescriptor(stored: {
  name: string;
  family: string;
  meta: unknown;
}): ArtifactDescriptor {
  const { name, family } = stored;
  const artifacts = STORED_ARTIFACT_FAMILIES.get(family);
  if (!artifacts) {
    throw new ArtifactDescriptorError(
      'serve.artifact-descriptor',
      `artifact ${name}: unknown family ${JSON.stringify(family)}`,
      { field: 'family', value: family },
    );
  }
  let meta: unknown = stored.meta ?? {};
  if (typeof meta === 'string') {
    try {
      meta = JSON.parse(meta);
    } catch (cause) {
      throw new ArtifactDescriptorError(
        'serve.artifact-descriptor',
        `artifact ${name}: its descriptor is not JSON`,
        { field: 'meta', value: stored.meta, cause },
      );
    }
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    throw new ArtifactDescriptorError(
      'serve.artifact-descriptor',
      `artifact ${name}: its descriptor must be a JSON object`,
      { field: 'meta', value: stored.meta },
    );
  }
  const json = 'kind' in meta ? (meta as Json) : artifacts.upgradeLegacy(name, meta as Json);
  return artifacts.read(new FieldReader(name, json, '')) as ArtifactDescriptor;
}
