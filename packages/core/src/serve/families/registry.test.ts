import type { RequestHeaders } from '../../http/request-headers';
import type { HttpResponse } from '../../http/served-resource';
import { ENDPOINT_KINDS } from '../../metrics/metrics-recorder';
import { TCT_03, TCT_1, type TctProfile } from '../../tct/tct-profile';
import {
  article,
  putJsonSitemap,
  putLlmindexPage,
  putLlmsTxt,
  putScpCollection,
  testSite,
} from '../../../test/support/serve-fixtures';
import { isAgentPath } from '../agent-path';
import { cacheControlOf } from './header-policy';
import {
  ENDPOINT_FAMILIES,
  endpointFamiliesWith,
  endpointFamily,
  isFamilyOn,
  STORED_ARTIFACT_FAMILIES,
} from './registry';
import { STORED_ARTIFACT_LIST } from './stored-artifact-families';
import { artifactFamiliesWith } from '../read-artifact-descriptor';

/**
 * A site with every family on, over an in-memory source: a published article, each stored
 * family's artifacts, usage preferences (so Content-Usage shows where a policy applies it).
 */
function everyFamily(profile: TctProfile) {
  const site = testSite({
    profile,
    usage: { trainAi: false },
    policy: { effective: '2026-01-01T00:00:00Z' },
    stats: 'public',
    robotsTxt: { rules: 'User-agent: *\nAllow: /\n' },
  });
  site.source.publish(article('hello'));
  putJsonSitemap(site.source, '/llm-sitemap.json', { profile: profile.name });
  putLlmsTxt(site.source);
  putScpCollection(site.source, '/scp/blog-snapshot.scp');
  putLlmindexPage(site.source);
  const negotiate = async (target: string) => {
    const outcome = await site.endpoints.negotiatePage({
      method: 'GET',
      target,
      headers: { accept: 'text/markdown' },
    });
    if (outcome?.kind !== 'respond') throw new Error(`${target} was not negotiated`);
    return outcome.response;
  };
  return { ...site, negotiate };
}

type Site = ReturnType<typeof everyFamily>;

/** One request per form of every family: each answer must carry exactly its form's headers. */
const REQUESTS: Record<string, Record<string, (site: Site) => Promise<HttpResponse>>> = {
  'm-url': { response: (site) => site.get('/blog/hello/llm.json') },
  'markdown-twin': {
    twin: (site) => site.get('/blog/hello.md'),
    negotiatedTwin: (site) => site.negotiate('/blog/hello/'),
    rootTwin: (site) => site.get('/index.html.md'),
    negotiatedRootTwin: (site) => site.negotiate('/'),
  },
  'json-sitemap': { response: (site) => site.get('/llm-sitemap.json') },
  'llms-txt': { response: (site) => site.get('/llms.txt') },
  scp: {
    response: async (site) => {
      const identity: RequestHeaders = { 'accept-encoding': 'identity' };
      const decoded = await site.get('/scp/blog-snapshot.scp', identity);
      const gzip = await site.get('/scp/blog-snapshot.scp');
      // The decoded bytes and the stored coding are framed alike.
      expect(decoded.headers).toMatchObject({
        'cache-control': gzip.headers['cache-control'],
        vary: gzip.headers.vary,
        'content-usage': gzip.headers['content-usage'],
      });
      return gzip;
    },
  },
  llmindex: { response: (site) => site.get('/llm/about') },
  policy: { response: (site) => site.get('/llm-policy.json') },
  'change-feed': { response: (site) => site.get('/llm-changes.json') },
  'robots-txt': { response: (site) => site.get('/robots.txt') },
  stats: { response: (site) => site.get('/llm-stats.json') },
};

describe('the endpoint families (registry)', () => {
  it('has a folder and a unique name for each family, and a request here for every form', () => {
    const names = ENDPOINT_FAMILIES.map((family) => family.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(REQUESTS).sort()).toEqual([...names].sort());
    for (const family of ENDPOINT_FAMILIES) {
      expect([family.name, Object.keys(REQUESTS[family.name]!).sort()]).toEqual([
        family.name,
        Object.keys(family.headers.forms).sort(),
      ]);
      expect(endpointFamily(family.name)).toBe(family);
      // Stored families read a descriptor; live ones answer from rows and have none.
      expect([family.name, family.artifacts !== undefined]).toEqual([
        family.name,
        family.serving === 'stored',
      ]);
    }
  });

  it.each([TCT_1, TCT_03])(
    'every answer carries the Cache-Control, Vary and Content-Usage its policy declares, and nosniff (%#)',
    async (profile) => {
      const site = everyFamily(profile);
      for (const family of ENDPOINT_FAMILIES) {
        for (const [form, request] of Object.entries(REQUESTS[family.name]!)) {
          const response = await request(site);
          const declared = family.headers.forms[form]!;
          const usage = family.headers.contentUsage.applies ? 'train-ai=n' : undefined;
          expect([family.name, form, response.status, response.observe?.kind]).toEqual([
            family.name,
            form,
            200,
            family.metricsKind,
          ]);
          expect([family.name, form, response.headers]).toEqual([
            family.name,
            form,
            expect.objectContaining({
              'cache-control': cacheControlOf(declared.cacheControl, profile),
              'x-content-type-options': 'nosniff',
            }),
          ]);
          expect([
            family.name,
            form,
            response.headers.vary,
            response.headers['content-usage'],
          ]).toEqual([family.name, form, declared.vary, usage]);
        }
      }
    },
  );

  it('lists in admin pages the families an editor opens, each starting at a path it claims', async () => {
    const site = {
      options: { scp: { basePath: '/collections' } },
      exampleMPath: async () => '/blog/hello/llm.json',
      listArtifacts: async () => [{ name: '/fr/llms.txt' }, { name: '/llms.txt' }],
    };
    const listed = ENDPOINT_FAMILIES.filter((family) => family.listing);
    expect(listed.map((family) => family.name)).toEqual([
      'json-sitemap',
      'm-url',
      'llms-txt',
      'scp',
      'llmindex',
      'policy',
    ]);
    for (const family of listed) {
      const start = await family.listing!.start(site);
      expect([family.name, 'path' in start && family.claims(start.path, site.options)]).toEqual([
        family.name,
        true,
      ]);
    }
    const none = { ...site, exampleMPath: async () => undefined, listArtifacts: async () => [] };
    expect(await endpointFamily('m-url')!.listing!.start(none)).toMatchObject({
      reason: 'no-document',
    });
    expect(await endpointFamily('llms-txt')!.listing!.start(none)).toMatchObject({
      path: '/llms.txt',
      reason: 'not-built',
    });
  });

  it('states why Content-Usage does not apply wherever it does not', () => {
    for (const family of ENDPOINT_FAMILIES) {
      const rule = family.headers.contentUsage;
      if (rule.applies === false) expect(rule.because.length).toBeGreaterThan(20);
    }
    expect(
      ENDPOINT_FAMILIES.filter((f) => !f.headers.contentUsage.applies).map((f) => f.name),
    ).toEqual(['robots-txt']);
  });

  it('tags each family with its own name (the store purges `f-<name>`), and says what shared caches keep', () => {
    for (const family of ENDPOINT_FAMILIES) {
      const { sharedCache } = family.headers;
      expect([family.name, sharedCache.family]).toEqual([family.name, family.name]);
      expect(sharedCache.summary.length).toBeGreaterThan(20);
    }
    expect(
      ENDPOINT_FAMILIES.filter((f) => !f.headers.sharedCache.keepUntilPurged).map((f) => f.name),
    ).toEqual(['stats']);
  });

  it('counts every response under a kind the metrics know, and every kind but pages and MCP calls is a family’s', () => {
    const counted = new Set<string>(ENDPOINT_FAMILIES.map((family) => family.metricsKind));
    // Pages are the app's; MCP calls are @agent-ready/mcp's, mounted by the adapters.
    expect([...counted, 'page', 'mcp'].sort()).toEqual([...ENDPOINT_KINDS].sort());
  });

  it('claims for isAgentPath the paths the docs table shows for it', () => {
    const example = (shown: string) =>
      shown
        .replace(/<n>/g, '2')
        .replace(/<section>/g, 'docs')
        .replace(/<locale>/g, 'de')
        .replace(/<page>/g, 'a')
        .replace(/<period>/g, '2026-01-02');
    for (const family of ENDPOINT_FAMILIES) {
      const paths = family.paths.flatMap((shown) =>
        [...shown.matchAll(/`(\/[^`?]*)/g)].map((match) => example(match[1]!)),
      );
      expect([family.name, paths.length > 0]).toEqual([family.name, true]);
      for (const path of paths)
        expect([family.name, path, isAgentPath(path, { robotsTxt: { rules: '' } })]).toEqual([
          family.name,
          path,
          true,
        ]);
    }
  });

  it('turns a family on by its option, or its default when the option is unset', () => {
    const on = (name: string, options: object) => isFamilyOn(endpointFamily(name)!, options);
    expect([on('llms-txt', {}), on('scp', {}), on('llmindex', {}), on('policy', {})]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([on('llms-txt', { llmsTxt: false }), on('scp', { scp: {} })]).toEqual([false, true]);
    expect([on('stats', { metrics: { stats: 'public' } }), on('stats', { metrics: {} })]).toEqual([
      true,
      false,
    ]);
    expect(on('m-url', { mUrl: false })).toBe(true);
  });

  it('derives the descriptor union from the stored families, in registry order', () => {
    // STORED_ARTIFACT_LIST is the list the ArtifactDescriptor union is derived from.
    expect([...STORED_ARTIFACT_LIST]).toEqual(
      ENDPOINT_FAMILIES.flatMap((family) => (family.artifacts ? [family.artifacts] : [])),
    );
    expect([...STORED_ARTIFACT_FAMILIES.values()]).toEqual([...STORED_ARTIFACT_LIST]);
  });

  it("takes an extension's stored family after the registry's, and refuses one that is not stored or whose name is taken", () => {
    const llmsTxt = endpointFamily('llms-txt')!;
    const toyArtifacts = { ...llmsTxt.artifacts!, name: 'toy' };
    const toy = { ...llmsTxt, name: 'toy', artifacts: toyArtifacts };
    expect(endpointFamiliesWith([toy]).map((family) => family.name)).toEqual([
      ...ENDPOINT_FAMILIES.map((family) => family.name),
      'toy',
    ]);
    expect(endpointFamiliesWith()).toBe(ENDPOINT_FAMILIES);
    expect(() => endpointFamiliesWith([{ ...toy, name: 'scp' }])).toThrow('the name is taken');
    expect(() => endpointFamiliesWith([{ ...llmsTxt, name: 'toy' }])).toThrow(
      'artifacts of family llms-txt have a family already',
    );
    expect(() => endpointFamiliesWith([{ ...toy, serving: 'live' }])).toThrow('is stored');
    expect(() => endpointFamiliesWith([{ ...toy, artifacts: undefined }])).toThrow('is stored');
    expect(artifactFamiliesWith([toyArtifacts]).get('toy')).toBe(toyArtifacts);
    expect(() => artifactFamiliesWith([llmsTxt.artifacts!])).toThrow('declared twice');
  });
});
