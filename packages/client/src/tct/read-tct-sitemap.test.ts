import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { TCT_03, TCT_1 } from '@agent-ready/core/tct';
import { readTctSitemap, readTctSitemapDocument } from './read-tct-sitemap';

const hash = (c: string) => `sha256-${c.repeat(64)}`;
const item = (path: string, h = hash('a')) => ({
  cUrl: `https://example.com${path}`,
  mUrl: `https://example.com${path}llm.json`,
  modified: '2025-10-01T00:00:00Z',
  contentHash: h,
  etag: h,
});

describe('readTctSitemap', () => {
  it('keeps well-formed items and reports nothing for a valid sitemap', () => {
    const reading = readTctSitemap(
      JSON.stringify({ version: 1, profile: 'tct-1', items: [item('/'), item('/a/')] }),
    );
    expect(reading.problems).toEqual([]);
    expect(reading.items.map((i) => i.cUrl)).toEqual([
      'https://example.com/',
      'https://example.com/a/',
    ]);
  });

  it('names every deviation and leaves malformed or duplicate items out', () => {
    const reading = readTctSitemap(
      JSON.stringify({
        version: 2,
        profile: 'tct-1',
        items: [
          item('/'),
          { ...item('/b/'), etag: hash('b') },
          { ...item('/c/'), mUrl: 'javascript:alert(1)' },
          item('/'),
          { ...item('/d/'), modified: '2025-02-30T00:00:00Z' },
        ],
      }),
    );
    expect(reading.items).toHaveLength(1);
    expect(reading.problems).toEqual([
      'version is 2, expected 1',
      expect.stringMatching(/^items\[1\]: contentHash .* differs from etag/),
      'items[2].mUrl is not an absolute http(s) URL',
      'items[3].cUrl https://example.com/ is listed twice',
      'items[3].mUrl https://example.com/llm.json is listed twice',
      'items[4].modified is not an RFC 3339 date-time',
    ]);
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const reading = readTctSitemap(text);
        return Array.isArray(reading.items) && Array.isArray(reading.problems);
      }),
      propertyRuns(300),
    );
  });
});

describe('readTctSitemapDocument', () => {
  it('reads each profile by its profile member: -03 M-Sitemap, -03 index, tct-1', () => {
    const m03 = readTctSitemapDocument(
      JSON.stringify({
        version: 2,
        profile: TCT_03.sitemapProfile,
        items: [
          {
            cUrl: 'https://example.com/',
            mUrl: 'https://example.com/llm.json',
            etag: hash('a'),
            lastModified: '2026-07-27T10:00:00Z',
          },
          { cUrl: 'https://example.com/b/', mUrl: 'https://example.com/b/llm.json' },
        ],
      }),
    );
    expect(m03).toMatchObject({ kind: 'sitemap', profile: TCT_03, problems: [] });
    expect(m03.kind === 'sitemap' && m03.items).toEqual([
      {
        cUrl: 'https://example.com/',
        mUrl: 'https://example.com/llm.json',
        etag: hash('a'),
        modified: '2026-07-27T10:00:00Z',
      },
      { cUrl: 'https://example.com/b/', mUrl: 'https://example.com/b/llm.json' },
    ]);
    const index = readTctSitemapDocument(
      JSON.stringify({
        version: 1,
        profile: TCT_03.sitemapIndexProfile,
        sitemaps: [{ url: 'https://example.com/llm-sitemap.json' }],
      }),
    );
    expect(index).toMatchObject({
      kind: 'index',
      profile: TCT_03,
      shards: [{ url: 'https://example.com/llm-sitemap.json' }],
    });
    const tct1 = readTctSitemapDocument(
      JSON.stringify({ version: 1, profile: 'tct-1', items: [item('/')] }),
    );
    expect(tct1).toMatchObject({ kind: 'sitemap', profile: TCT_1, problems: [] });
  });

  it('names the problems of a -03 document and of what is no sitemap at all', () => {
    const quoted = readTctSitemapDocument(
      JSON.stringify({
        version: 2,
        profile: TCT_03.sitemapProfile,
        sitemaps: [],
        items: [
          {
            cUrl: 'https://example.com/',
            mUrl: 'https://example.com/llm.json',
            etag: `"${hash('a')}"`,
          },
        ],
      }),
    );
    expect(quoted.problems).toEqual([
      expect.stringMatching(/no sitemaps member/),
      expect.stringMatching(/items\[0\]\.etag is not sha256-/),
    ]);
    expect(readTctSitemapDocument('nope').problems[0]).toMatch(/^not JSON/);
  });
});
