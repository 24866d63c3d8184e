import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { canonicalizeJson } from '../json';
import {
  buildSitemapShards,
  buildSitemaps,
  sitemapShardJson,
  sitemapShardPath,
  type SitemapEntry,
} from './build-sitemap';
import { buildMUrlRepresentation } from './build-m-url';
import { readTct03Sitemap, readTct03SitemapIndex } from './read-tct03-sitemap';
import { TCT_03, TCT_1 } from './tct-profile';

const hashOf = (s: string) => `sha256-${createHash('sha256').update(s).digest('hex')}`;
const entry = (path: string): SitemapEntry => ({
  cUrl: `https://example.com${path}`,
  mUrl: `https://example.com${path}llm.json`,
  modified: '2025-10-01T12:34:56Z',
  hash: hashOf(path),
});

describe('buildSitemaps', () => {
  it('lists the overview item first, then by C-URL, with both hash names equal', () => {
    const set = buildSitemaps([entry('/b/'), entry('/about/'), entry('/a/')], {
      origin: 'https://example.com',
      overviewUrl: 'https://example.com/about/',
    });
    expect(set.shards).toHaveLength(1);
    expect(set.index).toBeUndefined();
    const doc = JSON.parse(set.shards[0]!.resource.body.toString('utf8'));
    expect(doc.version).toBe(1);
    expect(doc.profile).toBe('tct-1');
    expect(doc.items.map((i: { cUrl: string }) => i.cUrl)).toEqual([
      'https://example.com/about/',
      'https://example.com/a/',
      'https://example.com/b/',
    ]);
    for (const item of doc.items) expect(item.contentHash).toBe(item.etag);
    expect(set.shards[0]!.url).toBe('https://example.com/llm-sitemap.json');
  });

  it('gives the same bytes and ETag whatever order the entries come in', () => {
    const a = buildSitemaps([entry('/x/'), entry('/y/')], { origin: 'https://example.com' });
    const b = buildSitemaps([entry('/y/'), entry('/x/')], { origin: 'https://example.com' });
    expect(a.shards[0]!.resource.body.equals(b.shards[0]!.resource.body)).toBe(true);
    expect(a.shards[0]!.resource.etag).toBe(
      `"sha256-${createHash('sha256').update(a.shards[0]!.resource.body).digest('hex')}"`,
    );
  });

  it('shards past the item budget, overview first in shard 1, with an index listing every shard', () => {
    const entries = Array.from({ length: 7 }, (_, i) => entry(`/p${i}/`));
    const set = buildSitemaps([...entries, entry('/')], {
      origin: 'https://example.com',
      overviewUrl: 'https://example.com/',
      maxItemsPerShard: 3,
    });
    expect(set.shards.map((s) => [s.path, s.itemCount])).toEqual([
      ['/llm-sitemap.json', 3],
      ['/llm-sitemap-2.json', 3],
      ['/llm-sitemap-3.json', 2],
    ]);
    const first = JSON.parse(set.shards[0]!.resource.body.toString('utf8'));
    expect(first.items[0].cUrl).toBe('https://example.com/');
    const index = JSON.parse(set.index!.resource.body.toString('utf8'));
    expect(set.index!.path).toBe('/llm-sitemap-index.json');
    expect(index.sitemaps).toEqual(
      set.shards.map((s) => ({ url: s.url, etag: s.resource.hash, items: s.itemCount })),
    );
    const all = set.shards.flatMap((s) => JSON.parse(s.resource.body.toString('utf8')).items);
    expect(new Set(all.map((i: { cUrl: string }) => i.cUrl)).size).toBe(8);
  });

  it('rejects a C-URL listed twice and an M-URL shared by two documents', () => {
    expect(() =>
      buildSitemaps([entry('/a/'), entry('/a/')], { origin: 'https://example.com' }),
    ).toThrow(/listed twice/);
    const clash = { ...entry('/b/'), mUrl: entry('/a/').mUrl };
    expect(() => buildSitemaps([entry('/a/'), clash], { origin: 'https://example.com' })).toThrow(
      /serves both https:\/\/example.com\/a\/ and https:\/\/example.com\/b\//,
    );
  });

  it('rejects malformed hashes and dates', () => {
    expect(() =>
      buildSitemaps([{ ...entry('/a/'), hash: 'sha256-XYZ' }], { origin: 'https://example.com' }),
    ).toThrow(expect.objectContaining({ field: 'items[0].hash' }));
    expect(() =>
      buildSitemaps([{ ...entry('/a/'), modified: 'yesterday' }], {
        origin: 'https://example.com',
      }),
    ).toThrow(expect.objectContaining({ field: 'items[0].modified' }));
  });

  it('names later shards before the extension', () => {
    expect(sitemapShardPath('/llm-sitemap.json', 2)).toBe('/llm-sitemap-2.json');
    expect(sitemapShardPath('/sitemaps/agents', 3)).toBe('/sitemaps/agents-3');
  });
});

describe('buildSitemapShards', () => {
  const options = {
    origin: 'https://example.com',
    overviewUrl: 'https://example.com/',
    maxItemsPerShard: 3,
  };
  const cUrls = (body: Buffer) =>
    JSON.parse(body.toString('utf8')).items.map((i: { cUrl: string }) => i.cUrl);

  it('keeps items in the shards they were given, overview first in shard 1, sorted within', () => {
    const set = buildSitemapShards(
      [
        [entry('/z/'), entry('/')],
        [entry('/c/'), entry('/a/')],
      ],
      options,
    );
    expect(cUrls(set.shards[0]!.resource.body)).toEqual([
      'https://example.com/',
      'https://example.com/z/',
    ]);
    expect(cUrls(set.shards[1]!.resource.body)).toEqual([
      'https://example.com/a/',
      'https://example.com/c/',
    ]);
    expect(JSON.parse(set.index!.resource.body.toString('utf8')).sitemaps).toHaveLength(2);
  });

  it('changes only the edited shard and the index', () => {
    const before = buildSitemapShards([[entry('/')], [entry('/a/'), entry('/b/')]], options);
    const after = buildSitemapShards(
      [[entry('/')], [entry('/a/'), { ...entry('/b/'), hash: hashOf('edited') }]],
      options,
    );
    expect(after.shards[0]!.resource.etag).toBe(before.shards[0]!.resource.etag);
    expect(after.shards[1]!.resource.etag).not.toBe(before.shards[1]!.resource.etag);
    expect(after.index!.resource.etag).not.toBe(before.index!.resource.etag);
  });

  it('rejects a URL listed in two shards, and a shard over the budget', () => {
    expect(() => buildSitemapShards([[entry('/a/')], [entry('/a/')]], options)).toThrow(
      expect.objectContaining({ code: 'sitemap.duplicate-c-url' }),
    );
    expect(() =>
      buildSitemapShards([[entry('/a/'), entry('/b/'), entry('/c/'), entry('/d/')]], options),
    ).toThrow(expect.objectContaining({ code: 'sitemap.shard-too-large' }));
  });

  it('builds one empty shard for an empty site', () => {
    const set = buildSitemapShards([], options);
    expect(set.shards).toHaveLength(1);
    expect(set.index).toBeUndefined();
    expect(cUrls(set.shards[0]!.resource.body)).toEqual([]);
  });
});

describe('sitemapShardJson', () => {
  it('is exactly the RFC 8785 form of the shard document, for any items', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const item = fc.record({
      cUrl: text,
      mUrl: text,
      modified: text,
      hash: text,
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), (entries) => {
        const expected = canonicalizeJson({
          version: TCT_1.sitemapVersion,
          profile: TCT_1.id,
          items: entries.map((e) => ({
            cUrl: e.cUrl,
            mUrl: e.mUrl,
            modified: e.modified,
            contentHash: e.hash,
            etag: e.hash,
          })),
        });
        expect(sitemapShardJson(entries, TCT_1)).toBe(expected);
      }),
      propertyRuns(300),
    );
  });
});

describe('buildSitemaps under draft -03 (M-Sitemap version 2, M-Sitemap Index)', () => {
  const origin = 'https://example.com';
  /** A real -03 M-URL per path: its hash is what the hint must be. */
  const document = (path: string, modified = '2025-10-01T12:34:56Z'): SitemapEntry => {
    const rep = buildMUrlRepresentation(
      { canonicalUrl: `${origin}${path}`, title: path, content: `About ${path}`, modified },
      { profile: TCT_03 },
    );
    return { cUrl: `${origin}${path}`, mUrl: `${origin}${path}llm.json`, modified, hash: rep.hash };
  };

  it('writes {version 2, the M-Sitemap profile, items}, homepage first, hints = each M-URL ETag', () => {
    const home = document('/');
    const set = buildSitemaps([document('/b/'), home, document('/a/')], {
      origin,
      overviewUrl: `${origin}/`,
      profile: TCT_03,
    });
    const shard = set.shards[0]!;
    const text = shard.resource.body.toString('utf8');
    expect(text).toBe(canonicalizeJson(JSON.parse(text)));
    const doc = JSON.parse(text);
    expect(Object.keys(doc)).toEqual(['items', 'profile', 'version']);
    expect(doc.version).toBe(2);
    expect(doc.profile).toBe(TCT_03.sitemapProfile);
    expect(doc.items[0]).toEqual({
      cUrl: `${origin}/`,
      etag: home.hash,
      lastModified: '2025-10-01T12:34:56Z',
      mUrl: `${origin}/llm.json`,
    });
    expect(Object.keys(doc.items[1])).toEqual(['cUrl', 'etag', 'lastModified', 'mUrl']);
    expect(readTct03Sitemap(shard.resource.body).map((i) => i.cUrl)).toEqual([
      `${origin}/`,
      `${origin}/a/`,
      `${origin}/b/`,
    ]);
    expect(shard.resource.hash).toBe(hashOf(text));
  });

  it('shards under an M-Sitemap Index: version 1, its profile, each shard URL, ETag hint and lastModified', () => {
    const entries = [
      document('/', '2025-10-02T23:00:00Z'),
      document('/a/', '2025-10-03T00:00:00+02:00'),
      document('/b/', '2025-10-02T00:00:00Z'),
      document('/c/', '2025-10-05T00:00:00Z'),
    ];
    const set = buildSitemaps(entries, {
      origin,
      overviewUrl: `${origin}/`,
      maxItemsPerShard: 2,
      profile: TCT_03,
    });
    expect(set.shards).toHaveLength(2);
    const text = set.index!.resource.body.toString('utf8');
    expect(text).toBe(canonicalizeJson(JSON.parse(text)));
    expect(JSON.parse(text)).toEqual({
      version: 1,
      profile: TCT_03.sitemapIndexProfile,
      sitemaps: [
        // Newest by instant, not by text: 23:00Z on the 2nd is after 00:00+02:00 on the 3rd.
        {
          url: `${origin}/llm-sitemap.json`,
          etag: set.shards[0]!.resource.hash,
          lastModified: '2025-10-02T23:00:00Z',
        },
        {
          url: `${origin}/llm-sitemap-2.json`,
          etag: set.shards[1]!.resource.hash,
          lastModified: '2025-10-05T00:00:00Z',
        },
      ],
    });
    expect(readTct03SitemapIndex(set.index!.resource.body)).toHaveLength(2);
    for (const shard of set.shards)
      expect(() => readTct03Sitemap(shard.resource.body)).not.toThrow();
  });

  it('refuses duplicates with the typed errors tct-1 has', () => {
    expect(() =>
      buildSitemaps([document('/a/'), document('/a/')], { origin, profile: TCT_03 }),
    ).toThrow(expect.objectContaining({ code: 'sitemap.duplicate-c-url' }));
    expect(() =>
      buildSitemapShards(
        [[document('/a/')], [{ ...document('/b/'), mUrl: `${origin}/a/llm.json` }]],
        {
          origin,
          profile: TCT_03,
        },
      ),
    ).toThrow(expect.objectContaining({ code: 'sitemap.duplicate-m-url' }));
  });

  it("holds a shard to -03's 10,000 items: the default, and a larger budget refused", () => {
    const many = Array.from({ length: 10_001 }, (_, i) => entry(`/p${i}/`));
    expect(buildSitemaps(many, { origin, profile: TCT_03 }).shards.map((s) => s.itemCount)).toEqual(
      [10_000, 1],
    );
    expect(() =>
      buildSitemaps([entry('/a/')], { origin, profile: TCT_03, maxItemsPerShard: 10_001 }),
    ).toThrow(expect.objectContaining({ code: 'sitemap.max-items' }));
    expect(buildSitemaps(many, { origin }).shards).toHaveLength(1);
  });

  it('writes exactly the RFC 8785 form of an M-Sitemap, for any items', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const item = fc.record({ cUrl: text, mUrl: text, modified: text, hash: text });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), (entries) => {
        const expected = canonicalizeJson({
          version: 2,
          profile: TCT_03.sitemapProfile,
          items: entries.map((e) => ({
            cUrl: e.cUrl,
            mUrl: e.mUrl,
            etag: e.hash,
            lastModified: e.modified,
          })),
        });
        return sitemapShardJson(entries, TCT_03) === expected;
      }),
      propertyRuns(200),
    );
  });
});
