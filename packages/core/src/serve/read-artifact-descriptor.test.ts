import { TCT_1 } from '../tct/tct-profile';
import { ArtifactDescriptorError, type ArtifactDescriptor } from './artifact-descriptor';
import {
  artifactContentType,
  parseArtifactDescriptor,
  serializeArtifactDescriptor,
} from './read-artifact-descriptor';

const URL = 'https://example.com';

const parse = (name: string, family: string, meta: unknown) =>
  parseArtifactDescriptor({ name, family, meta });

describe('artifact descriptors', () => {
  const descriptors: [string, ArtifactDescriptor][] = [
    [
      '/llm-sitemap.json',
      {
        family: 'tct-sitemap',
        url: `${URL}/llm-sitemap.json`,
        policyUrl: `${URL}/llm-policy.json`,
        kind: 'shard',
        shard: 1,
        items: 3,
      },
    ],
    [
      '/llm-sitemap-index.json',
      { family: 'tct-sitemap', url: `${URL}/llm-sitemap-index.json`, kind: 'index' },
    ],
    [
      '/llms.txt',
      {
        family: 'llms-txt',
        url: `${URL}/llms.txt`,
        locale: null,
        kind: 'listing',
        parts: { settingsKey: 'k' },
      },
    ],
    [
      '/de/llms/blog.txt',
      { family: 'llms-txt', url: `${URL}/de/llms/blog.txt`, locale: 'de', kind: 'section' },
    ],
    [
      '/llms-2.txt',
      {
        family: 'llms-txt',
        url: `${URL}/llms-2.txt`,
        locale: null,
        kind: 'part',
        part: { index: '/llms.txt', number: 2, pages: 500 },
      },
    ],
    [
      '/llms-full.txt',
      {
        family: 'llms-txt',
        url: `${URL}/llms-full.txt`,
        locale: null,
        kind: 'full',
        build: { settingsKey: 'k', builtSeq: 4, builtAtMs: 5, pages: 6 },
      },
    ],
    [
      '/scp/a-snapshot.scp',
      {
        family: 'scp',
        url: `${URL}/scp/a-snapshot.scp`,
        kind: 'collection',
        checksum: 'sha256:00',
        pages: 2,
        variants: { zstd: '/scp/a-snapshot.scp?encoding=zstd' },
        identity: { size: 10, contentDigest: 'sha-256=:x:' },
      },
    ],
    [
      '/scp/a-snapshot.scp?encoding=zstd',
      {
        family: 'scp',
        url: `${URL}/scp/a-snapshot.scp`,
        kind: 'collection',
        checksum: 'sha256:00',
        pages: 2,
        variantOf: '/scp/a-snapshot.scp',
      },
    ],
    [
      '/scp/sitemap.xml',
      {
        family: 'scp',
        url: `${URL}/scp/sitemap.xml`,
        kind: 'sitemap',
        build: {
          settingsKey: 'k',
          pageParts: true,
          sections: {
            a: {
              commitMs: 9,
              snapshot: {
                path: '/scp/a-snapshot.scp',
                generated: '2026-01-01T00:00:00Z',
                commitMs: 9,
                builtAtMs: 10,
                pages: 2,
                size: 30,
              },
              deltas: [
                {
                  period: '2026-01-01',
                  periodStartMs: 0,
                  part: 1,
                  afterMs: 1,
                  upToMs: 9,
                  path: '/scp/a-delta-2026-01-01.scp',
                  since: '2026-01-01T00:00:00Z',
                  generated: '2026-01-01T00:00:09Z',
                  pages: 1,
                  size: 20,
                },
              ],
            },
          },
        },
      },
    ],
    [
      '/scp/sitemap-pages-2.xml',
      {
        family: 'scp',
        url: `${URL}/scp/sitemap-pages-2.xml`,
        kind: 'page-sitemap',
        part: { number: 2, lastmodMs: 7 },
      },
    ],
    [
      '/scp/sitemap-pages.xml',
      { family: 'scp', url: `${URL}/scp/sitemap-pages.xml`, kind: 'page-sitemap-index' },
    ],
    [
      '/.well-known/llmindex.json',
      { family: 'llmindex', kind: 'manifest', build: { settingsKey: 'k', roleSections: ['shop'] } },
    ],
    ['/llm/faq', { family: 'llmindex', kind: 'page' }],
  ];

  it.each(descriptors)(
    '%s: stored without its family, read back as written',
    (name, descriptor) => {
      const stored = serializeArtifactDescriptor(descriptor);
      expect(JSON.parse(stored)).not.toHaveProperty('family');
      expect(parse(name, descriptor.family, stored)).toEqual(descriptor);
    },
  );

  it('reads the layout written before descriptors had a kind', () => {
    expect(
      parse('/llm-sitemap-index.json', 'tct-sitemap', { url: `${URL}/i`, index: true }),
    ).toEqual({ family: 'tct-sitemap', kind: 'index', url: `${URL}/i` });
    expect(
      parse('/llms.txt', 'llms-txt', '{"url":"u","locale":null,"llmsIndex":{"settingsKey":"k"}}'),
    ).toEqual({
      family: 'llms-txt',
      kind: 'listing',
      url: 'u',
      locale: null,
      parts: { settingsKey: 'k' },
    });
    expect(parse('/llms/a.txt', 'llms-txt', { url: 'u', locale: 'de', part: true })).toMatchObject({
      kind: 'section',
      locale: 'de',
    });
    expect(
      parse('/llms-2.txt', 'llms-txt', {
        url: 'u',
        locale: null,
        part: true,
        llmsPart: { index: '/llms.txt', number: 2, pages: 3 },
      }),
    ).toMatchObject({ kind: 'part', part: { number: 2 } });
    expect(
      parse('/llms-full.txt', 'llms-txt', {
        url: 'u',
        locale: null,
        full: true,
        settingsKey: 'k',
        fullBuild: { builtSeq: 1, builtAtMs: 2, pages: 3 },
      }),
    ).toEqual({
      family: 'llms-txt',
      kind: 'full',
      url: 'u',
      locale: null,
      build: { settingsKey: 'k', builtSeq: 1, builtAtMs: 2, pages: 3 },
    });
    expect(
      parse('/scp/a.scp', 'scp', {
        ranges: true,
        url: 'u',
        pages: 1,
        checksum: 'sha256:00',
        variants: { zstd: 'z' },
        identity: { size: 1, contentDigest: 'd' },
      }),
    ).toEqual({
      family: 'scp',
      kind: 'collection',
      url: 'u',
      pages: 1,
      checksum: 'sha256:00',
      variants: { zstd: 'z' },
      identity: { size: 1, contentDigest: 'd' },
    });
    expect(
      parse('/scp/sitemap.xml', 'scp', {
        url: 'u',
        scpSitemap: true,
        scpState: { settingsKey: 'k', sections: {} },
      }),
    ).toEqual({
      family: 'scp',
      kind: 'sitemap',
      url: 'u',
      build: { settingsKey: 'k', sections: {} },
    });
    expect(parse('/scp/sitemap-pages.xml', 'scp', { url: 'u', xmlSitemap: true })).toMatchObject({
      kind: 'page-sitemap-index',
    });
    expect(
      parse('/scp/sitemap-pages-1.xml', 'scp', {
        url: 'u',
        pageSitemap: { number: 1, lastmodMs: 2 },
      }),
    ).toMatchObject({ kind: 'page-sitemap', part: { number: 1, lastmodMs: 2 } });
    expect(
      parse('/.well-known/llmindex.json', 'llmindex', {
        llmindexBuild: { settingsKey: 'k', roleSections: [] },
      }),
    ).toEqual({
      family: 'llmindex',
      kind: 'manifest',
      build: { settingsKey: 'k', roleSections: [] },
    });
    expect(parse('/llm/feed/products.jsonl', 'llmindex', null)).toEqual({
      family: 'llmindex',
      kind: 'feed',
    });
    expect(parse('/llm/about.md', 'llmindex', { url: 'u' })).toEqual({
      family: 'llmindex',
      kind: 'page',
    });
  });

  it.each([
    ['an unknown family', 'feeds', '{}', /artifact \/x: unknown family "feeds"/],
    ['text that is not JSON', 'scp', '{"url":', /artifact \/x: its descriptor is not JSON/],
    [
      'JSON that is not an object',
      'scp',
      '[1]',
      /artifact \/x: its descriptor must be a JSON object/,
    ],
    [
      'an unknown kind',
      'scp',
      '{"kind":"bundle","url":"u"}',
      /artifact \/x: kind must be one of collection, sitemap/,
    ],
    [
      'a missing field',
      'scp',
      '{"kind":"collection","url":"u","pages":1}',
      /artifact \/x: checksum must be a string/,
    ],
    [
      'a field of the wrong type',
      'llms-txt',
      '{"kind":"listing","url":"u","locale":3}',
      /artifact \/x: locale must be a string or null/,
    ],
    [
      'a nested field',
      'scp',
      '{"kind":"sitemap","url":"u","build":{"settingsKey":"k","sections":{"a":{"commitMs":1,"deltas":[],"snapshot":{"path":1}}}}}',
      /artifact \/x: build\.sections\.a\.snapshot\.path must be a string/,
    ],
    [
      'a list member',
      'scp',
      '{"kind":"sitemap","url":"u","build":{"settingsKey":"k","sections":{"a":{"commitMs":1,"deltas":[7],"snapshot":{"path":"p","generated":"g","commitMs":1,"builtAtMs":1,"pages":1,"size":1}}}}}',
      /artifact \/x: build\.sections\.a\.deltas\.0 must be an object/,
    ],
  ])(
    'refuses %s with an error naming the artifact and the field',
    (_case, family, meta, message) => {
      let thrown: unknown;
      try {
        parse('/x', family, meta);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ArtifactDescriptorError);
      expect((thrown as ArtifactDescriptorError).code).toBe('serve.artifact-descriptor');
      expect((thrown as Error).message).toMatch(message);
    },
  );

  it('gives each kind its content type, the JSON sitemap’s by the profile', () => {
    const types = Object.fromEntries(
      descriptors.map(([name, d]) => [name, artifactContentType(d)]),
    );
    expect(types).toEqual({
      '/llm-sitemap.json': TCT_1.mUrlContentType,
      '/llm-sitemap-index.json': TCT_1.mUrlContentType,
      '/llms.txt': 'text/plain; charset=utf-8',
      '/de/llms/blog.txt': 'text/plain; charset=utf-8',
      '/llms-2.txt': 'text/plain; charset=utf-8',
      '/llms-full.txt': 'text/plain; charset=utf-8',
      '/scp/a-snapshot.scp': 'application/scp',
      '/scp/a-snapshot.scp?encoding=zstd': 'application/scp',
      '/scp/sitemap.xml': 'application/xml; charset=utf-8',
      '/scp/sitemap-pages-2.xml': 'application/xml; charset=utf-8',
      '/scp/sitemap-pages.xml': 'application/xml; charset=utf-8',
      '/.well-known/llmindex.json': 'application/json; charset=utf-8',
      '/llm/faq': 'text/markdown; charset=utf-8',
    });
    expect(artifactContentType({ family: 'llmindex', kind: 'feed' })).toBe(
      'application/x-ndjson; charset=utf-8',
    );
    expect(artifactContentType({ family: 'llmindex', kind: 'proof' })).toBe(
      'text/plain; charset=utf-8',
    );
  });
});
