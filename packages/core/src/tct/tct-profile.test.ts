import { formatLinkHeader } from '../http/link-header';
import { isTctProfileName, TCT_03, TCT_1, tctProfile, tctProfileOfMember } from './tct-profile';

describe('TCT profiles as values', () => {
  it('looks a profile up by name and refuses any other name with a typed error', () => {
    expect(tctProfile('tct-1')).toBe(TCT_1);
    expect(tctProfile('tct-03')).toBe(TCT_03);
    expect(isTctProfileName('tct-03')).toBe(true);
    expect(isTctProfileName('tct-3')).toBe(false);
    expect(() => tctProfile('tct-3')).toThrow(
      expect.objectContaining({ code: 'tct.profile', field: 'tct.profile' }),
    );
  });

  it('holds the -03 constants: exact profile URIs, versions, content type, limits', () => {
    const base = 'https://www.ietf.org/archive/id/draft-jurkovikj-collab-tunnel-03.html';
    expect(TCT_03).toMatchObject({
      id: `${base}#tct-m-url-profile`,
      sitemapProfile: `${base}#tct-m-sitemap-profile`,
      sitemapIndexProfile: `${base}#tct-m-sitemap-index-profile`,
      sitemapVersion: 2,
      sitemapIndexVersion: 1,
      embedsHash: false,
      mUrlContentType: 'application/json',
      modifiedMember: 'lastModified',
      linksProfile: true,
      refusesForbiddenIdentity: true,
      limits: {
        maxIdentityBytes: 16_777_216,
        maxSitemapItems: 10_000,
        maxSourceBytes: 8_388_608,
        json: { maxDepth: 64, maxNodes: 100_000, maxKeyBytes: 16_384, maxStringBytes: 4_194_304 },
      },
    });
    expect(TCT_03.cacheControl).toMatch(/\bno-transform\b/);
    expect(TCT_03.sitemapCacheControl).toMatch(/\bno-transform\b/);
  });

  it('keeps tct-1 as DECISIONS §1 has it', () => {
    expect(TCT_1).toMatchObject({
      id: 'tct-1',
      sitemapProfile: 'tct-1',
      sitemapVersion: 1,
      embedsHash: true,
      mUrlContentType: 'application/json; charset=utf-8',
      cacheControl:
        'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform',
      linksProfile: false,
      refusesForbiddenIdentity: false,
    });
  });

  it('links the root to a sitemap without a profile= parameter under both profiles', () => {
    for (const profile of [TCT_1, TCT_03])
      expect(formatLinkHeader([profile.sitemapDiscoveryLink('/llm-sitemap.json')])).toBe(
        '</llm-sitemap.json>; rel="index"; type="application/json"',
      );
  });

  it('finds the profile from any document profile member', () => {
    expect(tctProfileOfMember(TCT_03.sitemapIndexProfile)).toBe(TCT_03);
    expect(tctProfileOfMember(TCT_03.id)).toBe(TCT_03);
    expect(tctProfileOfMember('tct-1')).toBe(TCT_1);
    expect(tctProfileOfMember('tct-2')).toBeUndefined();
    expect(tctProfileOfMember(undefined)).toBeUndefined();
  });
});
