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
import { STORED_FAMILIES, type SiteArtifactHosting, type StoredFamily } from './stored-families';
import type { SitemapSettingsInput } from '../sitemap/sitemap-settings';

export type { SiteArtifactHosting } from './stored-families';

/**
 * The builder of every stored family (`STORED_FAMILIES`, then an extension's `extra` ones) for a
 * site's options, in one list both adapters use, so the Express middleware and the Strapi
 * plugin build byte-identical artifacts from the same table.
 */
export function siteArtifactBuilders(
  options: AgentSiteOptions,
  hosting: SiteArtifactHosting = {},
  extra: readonly StoredFamily[] = [],
): ArtifactBuilder[] {
  return [...STORED_FAMILIES, ...extra].map((stored) => stored.builder(options, hosting));
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
  extra: readonly StoredFamily[] = [],
): {
  builders: ArtifactBuilder[];
  sitemap: SitemapSettingsInput;
  serving: ServingSettings;
  rendering: PrepareDocumentOptions;
} {
  return {
    builders: siteArtifactBuilders(options, hosting, extra),
    sitemap: siteSitemapSettings(options),
    serving: servingSettingsOf(options),
    rendering: prepareOptionsFor(options),
  };
}
