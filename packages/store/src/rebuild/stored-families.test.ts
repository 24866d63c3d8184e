import {
  ENDPOINT_FAMILIES,
  SITEMAP_FAMILY,
  validateAgentSiteOptions,
} from '@agent-ready/core/serve';
import { siteArtifactBuilders } from './site-artifact-builders';
import { STORED_FAMILIES } from './stored-families';

describe('the stored families the store builds (STORED_FAMILIES)', () => {
  const site = validateAgentSiteOptions({ site: { origin: 'https://example.com', name: 'Ex' } });

  it("pairs every stored family of core's registry with its builder, in registry order", () => {
    // The JSON sitemap is composed from the rows when asked (sitemap/): it has no builder.
    expect(STORED_FAMILIES.map((stored) => stored.family)).toEqual(
      ENDPOINT_FAMILIES.filter(
        (family) => family.artifacts && family.artifacts.name !== SITEMAP_FAMILY,
      ),
    );
    for (const stored of STORED_FAMILIES)
      expect(stored.builder(site, {}).family).toBe(stored.family.artifacts!.name);
  });

  it('derives the builders a site runs from it', () => {
    expect(siteArtifactBuilders(site).map((builder) => builder.family)).toEqual(
      STORED_FAMILIES.map((stored) => stored.family.artifacts!.name),
    );
  });
});
