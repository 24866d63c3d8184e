import {
  normalizeUri,
  POLICY_PATH,
  prepareOptionsFor,
  servingSettingsOf,
  siteTctProfile,
  type AgentSiteOptions,
  type PrepareDocumentOptions,
  type ServingSettings,
} from '@agent-ready/core';
import type { ArtifactBuilder } from './artifact-builder';
import { llmindexArtifactBuilder } from './build-llmindex-artifacts';
import { llmsTxtArtifactBuilder } from './build-llms-txt-artifacts';
import { scpArtifactBuilder } from './build-scp-artifacts';
import type { ScpCollectionHost } from './scp-object-storage';
import type { SitemapSettingsInput } from '../sitemap/sitemap-settings';

/** Where a site's artifacts live besides its table: SCP collections in object storage. */
export interface SiteArtifactHosting {
  /** Sealed SCP collections uploaded there and advertised at its URLs (`scpObjectStorage`). */
  collections?: ScpCollectionHost;
}

/**
 * Every artifact family a site's options ask for, in one list both adapters use, so the
 * Express middleware and the Strapi plugin build byte-identical artifacts from the same table.
 */
export function siteArtifactBuilders(
  options: AgentSiteOptions,
  hosting: SiteArtifactHosting = {},
): ArtifactBuilder[] {
  return [
    llmsTxtArtifactBuilder(options),
    scpArtifactBuilder(options, hosting.collections ? { collections: hosting.collections } : {}),
    llmindexArtifactBuilder(options),
  ];
}

/** The JSON sitemap a site's options describe (composed live from the table, see sitemap-layout). */
export function siteSitemapSettings(options: AgentSiteOptions): SitemapSettingsInput {
  const origin = normalizeUri(options.site.origin).replace(/\/$/, '');
  return {
    origin,
    ...(options.site.overviewPath
      ? { overviewUrl: normalizeUri(`${origin}${options.site.overviewPath}`) }
      : {}),
    ...(options.sitemap?.maxItemsPerShard
      ? { maxItemsPerShard: options.sitemap.maxItemsPerShard }
      : {}),
    ...(options.policy ? { policyUrl: normalizeUri(`${origin}${POLICY_PATH}`) } : {}),
    profile: siteTctProfile(options).name,
  };
}

/**
 * What the engine keeps in step with the table for a site: its builders, its sitemap, the
 * serving settings stored with its artifacts, and how its documents are rendered (rows of
 * another profile are rendered again for it).
 */
export function siteArtifactSettings(
  options: AgentSiteOptions,
  hosting: SiteArtifactHosting = {},
): {
  builders: ArtifactBuilder[];
  sitemap: SitemapSettingsInput;
  serving: ServingSettings;
  rendering: PrepareDocumentOptions;
} {
  return {
    builders: siteArtifactBuilders(options, hosting),
    sitemap: siteSitemapSettings(options),
    serving: servingSettingsOf(options),
    rendering: prepareOptionsFor(options),
  };
}
