import { normalizeUri, POLICY_PATH, type AgentSiteOptions } from '@agent-ready/core';
import type { ArtifactBuilder } from './artifact-builder';
import { llmindexArtifactBuilder } from './build-llmindex-artifacts';
import { llmsTxtArtifactBuilder } from './build-llms-txt-artifacts';
import { scpArtifactBuilder } from './build-scp-artifacts';
import { sitemapArtifactBuilder } from './build-sitemap-artifacts';

/**
 * Every artifact family a site's options ask for, in one list both adapters use, so the
 * Express middleware and the Strapi plugin build byte-identical artifacts from the same table.
 */
export function siteArtifactBuilders(options: AgentSiteOptions): ArtifactBuilder[] {
  const origin = normalizeUri(options.site.origin).replace(/\/$/, '');
  const builders: ArtifactBuilder[] = [
    sitemapArtifactBuilder({
      origin,
      ...(options.site.overviewPath
        ? { overviewUrl: normalizeUri(`${origin}${options.site.overviewPath}`) }
        : {}),
      ...(options.sitemap?.maxItemsPerShard
        ? { maxItemsPerShard: options.sitemap.maxItemsPerShard }
        : {}),
      ...(options.policy ? { policyUrl: normalizeUri(`${origin}${POLICY_PATH}`) } : {}),
    }),
    llmsTxtArtifactBuilder(options),
    scpArtifactBuilder(options),
    llmindexArtifactBuilder(options),
  ];
  return builders;
}
