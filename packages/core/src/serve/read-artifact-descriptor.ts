import { TCT_1, type TctProfile } from '../tct/tct-profile';
import type { ArtifactDescriptor } from './artifact-descriptor';
import { ArtifactDescriptorError, FieldReader, type Json } from './families/descriptor-fields';
import { STORED_ARTIFACT_FAMILIES } from './families/registry';
import type { ArtifactFamilies } from './families/stored-artifact-families';
import type {
  ArtifactDescriptorBase,
  StoredArtifactFamily,
} from './families/stored-artifact-family';

/**
 * A stored artifact's descriptor to and from its row, through the registry's stored families
 * (the store's reads and installs; serving gets descriptors already read).
 */

export type { ArtifactFamilies } from './families/stored-artifact-families';

/**
 * The registry's stored families and `extra` ones (an extension's, see `AgentEndpointsExtension`), by the
 * `family` of their rows: what reads and installs of those artifacts go by. A name the registry
 * (or another of `extra`) has already is refused.
 */
export function artifactFamiliesWith(extra: readonly StoredArtifactFamily[]): ArtifactFamilies {
  if (extra.length === 0) return STORED_ARTIFACT_FAMILIES;
  const families = new Map(STORED_ARTIFACT_FAMILIES);
  for (const artifacts of extra) {
    if (families.has(artifacts.name)) {
      throw new ArtifactDescriptorError(
        'serve.artifact-descriptor',
        `stored family ${JSON.stringify(artifacts.name)} is declared twice`,
        { field: 'family', value: artifacts.name },
      );
    }
    families.set(artifacts.name, artifacts);
  }
  return families;
}

/**
 * The `Content-Type` an artifact is served with, by what it is: formed by core, never taken
 * from storage (the JSON sitemap's comes from the site's TCT profile). `families`: where an
 * extension's family is found too (`artifactFamiliesWith`).
 */
export function artifactContentType(
  descriptor: ArtifactDescriptor | ArtifactDescriptorBase,
  profile: TctProfile = TCT_1,
  families: ArtifactFamilies = STORED_ARTIFACT_FAMILIES,
): string {
  const artifacts = families.get(descriptor.family);
  if (!artifacts) {
    throw new ArtifactDescriptorError(
      'serve.artifact-descriptor',
      `unknown family ${JSON.stringify(descriptor.family)}`,
      { field: 'family', value: descriptor.family },
    );
  }
  return artifacts.contentType(descriptor, profile);
}

/** The stored form: the descriptor as JSON, without `family` (the artifact's own column). */
export function serializeArtifactDescriptor(
  descriptor: ArtifactDescriptor | ArtifactDescriptorBase,
): string {
  const { family: _family, ...stored } = descriptor;
  return JSON.stringify(stored);
}

/**
 * The descriptor of a stored artifact, from its family and its stored JSON (the `meta` column:
 * text, an object, or null). An unknown family or a field of the wrong shape is an
 * `ArtifactDescriptorError` naming the artifact and the field, never a crash further on. The
 * layout written before descriptors had a `kind` is read into today's by the family; a build's
 * state is kept where it maps one to one, otherwise left out (the builder rebuilds that family
 * once). An extension's family (in `families`) is read by its own reader; its descriptor is
 * typed here as the registry's families' are, and its own endpoint narrows it by `family`.
 */
export function parseArtifactDescriptor(
  stored: {
    name: string;
    family: string;
    meta: unknown;
  },
  families: ArtifactFamilies = STORED_ARTIFACT_FAMILIES,
): ArtifactDescriptor {
  const { name, family } = stored;
  const artifacts = families.get(family);
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
