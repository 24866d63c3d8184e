import {
  artifactFamiliesWith,
  endpointFamiliesWith,
  llmindexFamily,
  llmsTxtFamily,
  scpFamily,
  type AgentSiteOptions,
  type ArtifactDescriptorBase,
  type EndpointFamily,
  type StoredArtifactFamily,
} from '@agent-ready/core/serve';
import type { ArtifactBuilder } from './artifact-builder';
import { llmindexArtifactBuilder } from './build-llmindex-artifacts';
import { llmsTxtArtifactBuilder } from './build-llms-txt-artifacts';
import { scpArtifactBuilder } from './build-scp-artifacts';
import type { ScpCollectionHost } from './scp-object-storage';

/** Where a site's artifacts live besides its table: SCP collections in object storage. */
export interface SiteArtifactHosting {
  /** Sealed SCP collections uploaded there and advertised at its URLs (`scpObjectStorage`). */
  collections?: ScpCollectionHost;
}

/**
 * A stored family as the store keeps it: core's family (its descriptor, Content-Type, headers
 * and endpoint) and the builder that makes its artifacts from the rows, registered together.
 */
export interface StoredFamily {
  /** Core's family: `serving: 'stored'`, routed by artifact, with its `artifacts`. */
  readonly family: EndpointFamily;
  /** Its builder for a site's options (and where the site's artifacts are hosted). */
  builder(site: AgentSiteOptions, hosting: SiteArtifactHosting): ArtifactBuilder;
}

/**
 * A stored family from core's family and its builder, the builder typed by the family's
 * descriptor: how the families below are registered, and how an extension declares its own
 * (`openAgentSite`'s `storedFamilies`).
 */
export function storedFamily<D extends ArtifactDescriptorBase>(
  family: EndpointFamily & { readonly artifacts: StoredArtifactFamily<D> },
  builder: (site: AgentSiteOptions, hosting: SiteArtifactHosting) => ArtifactBuilder<D>,
): StoredFamily {
  return {
    family,
    // An extension's descriptors are outside core's union: they are written and read back
    // through its family's own reader (`artifactFamiliesWith`), never narrowed as core's.
    builder: builder as unknown as StoredFamily['builder'],
  };
}

/**
 * Every stored family the store builds, in registry order: the builders a site runs are derived
 * from this list (`siteArtifactBuilders`). The JSON sitemap is stored by shape but composed from
 * the rows when asked (sitemap/), so it has no builder here. To add a family, see
 * docs/ARCHITECTURE.md ("A stored family").
 */
export const STORED_FAMILIES: readonly StoredFamily[] = [
  { family: llmsTxtFamily, builder: llmsTxtArtifactBuilder },
  {
    family: scpFamily,
    builder: (site, hosting) =>
      scpArtifactBuilder(site, hosting.collections ? { collections: hosting.collections } : {}),
  },
  { family: llmindexFamily, builder: llmindexArtifactBuilder },
];

/**
 * An extension's stored families, checked before anything opens (each stored, its name and its
 * artifacts' family new): their endpoint families, and their artifacts for reading their rows.
 */
export function declaredStoredFamilies(extra: readonly StoredFamily[] = []): {
  endpoints: readonly EndpointFamily[];
  artifacts: readonly StoredArtifactFamily[];
} {
  const endpoints = extra.map((stored) => stored.family);
  endpointFamiliesWith(endpoints);
  const artifacts = endpoints.map((family) => family.artifacts!);
  artifactFamiliesWith(artifacts);
  return { endpoints, artifacts };
}
