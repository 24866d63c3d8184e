import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import {
  checkTct03Sitemap,
  checkTct03SitemapIndex,
  readTct03Sitemap,
  readTct03SitemapIndex,
} from './read-tct03-sitemap';
import { Tct03DocumentError } from './read-tct03-document';
import { TCT_03 } from './tct-profile';

const HINT = `sha256-${'a'.repeat(64)}`;
const item = (path: string) => ({
  cUrl: `https://example.com${path}`,
  mUrl: `https://example.com${path}llm.json`,
  etag: HINT,
  lastModified: '2026-07-27T10:00:00Z',
});
const sitemap = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  version: 2,
  profile: TCT_03.sitemapProfile,
  items,
  ...extra,
});

const codes = (value: unknown) => checkTct03Sitemap(value).problems.map((p) => p.code);

describe('checkTct03Sitemap (M-Sitemap version 2)', () => {
  it('accepts items with and without the optional hints', () => {
    const { cUrl, mUrl } = item('/b/');
    const reading = checkTct03Sitemap(sitemap([item('/'), { cUrl, mUrl }]));
    expect(reading.problems).toEqual([]);
    expect(reading.entries).toEqual([item('/'), { cUrl, mUrl }]);
  });

  it.each([
    ['version 1', { version: 1 }, 'tct03.version'],
    ['the legacy tct-1 profile', { profile: 'tct-1' }, 'tct03.legacy-profile'],
    ['the M-URL profile', { profile: TCT_03.id }, 'tct03.profile'],
    ['a sitemaps member', { sitemaps: [] }, 'tct03.index-member'],
    ['items not an array', { items: {} }, 'tct03.items'],
  ])('names %s', (_name, patch, code) => {
    expect(codes({ ...sitemap([item('/')]), ...patch })).toEqual([code]);
  });

  it.each([
    ['a quoted etag', { etag: `"${HINT}"` }, 'tct03.hint'],
    ['an upper-case etag', { etag: HINT.toUpperCase().replace('SHA256', 'sha256') }, 'tct03.hint'],
    ['a weak etag', { etag: `W/"${HINT}"` }, 'tct03.hint'],
    ['a short etag', { etag: 'sha256-abc' }, 'tct03.hint'],
    ['February 30th', { lastModified: '2026-02-30T00:00:00Z' }, 'tct03.last-modified'],
    ['a date without time', { lastModified: '2026-02-03' }, 'tct03.last-modified'],
    ['a relative mUrl', { mUrl: '/llm.json' }, 'tct03.url'],
    ['a cUrl with a raw space', { cUrl: 'https://example.com/a b/' }, 'tct03.url'],
  ])('leaves out an item with %s and names it', (_name, patch, code) => {
    const reading = checkTct03Sitemap(sitemap([item('/'), { ...item('/x/'), ...patch }]));
    expect(reading.problems.map((p) => [p.code, p.field.replace(/\.\w+$/, '')])).toEqual([
      [code, 'items[1]'],
    ]);
    expect(reading.entries).toEqual([item('/')]);
  });

  it('keeps the first of a repeated cUrl or mUrl, compared normalized', () => {
    const reading = checkTct03Sitemap(
      sitemap([
        item('/a/'),
        { ...item('/b/'), cUrl: 'HTTPS://EXAMPLE.com:443/a/' },
        { ...item('/c/'), mUrl: item('/a/').mUrl },
      ]),
    );
    expect(reading.problems.map((p) => p.code)).toEqual([
      'tct03.duplicate-c-url',
      'tct03.duplicate-m-url',
    ]);
    expect(reading.entries).toEqual([item('/a/')]);
  });

  it('throws the first problem as a typed error when read strictly', () => {
    expect(() => readTct03Sitemap(JSON.stringify(sitemap([item('/'), item('/')])))).toThrow(
      expect.objectContaining({ code: 'tct03.duplicate-c-url', field: 'items[1].cUrl' }),
    );
    expect(() => readTct03Sitemap('{')).toThrow(Tct03DocumentError);
  });

  it('never throws when checking, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reading = checkTct03Sitemap(value);
        const index = checkTct03SitemapIndex(value);
        return Array.isArray(reading.problems) && Array.isArray(index.problems);
      }),
      propertyRuns(300),
    );
  });
});

describe('checkTct03SitemapIndex (M-Sitemap Index)', () => {
  const index = (sitemaps: unknown[], extra: Record<string, unknown> = {}) => ({
    version: 1,
    profile: TCT_03.sitemapIndexProfile,
    sitemaps,
    ...extra,
  });
  const shard = (n: number) => ({
    url: `https://example.com/llm-sitemap-${n}.json`,
    etag: HINT,
    lastModified: '2026-07-27T10:00:00Z',
  });

  it('reads every shard with its optional hints', () => {
    expect(readTct03SitemapIndex(JSON.stringify(index([shard(1), { url: shard(2).url }])))).toEqual(
      [shard(1), { url: shard(2).url }],
    );
  });

  it.each([
    ['version 2', { version: 2 }, 'tct03.version'],
    ['the M-Sitemap profile', { profile: TCT_03.sitemapProfile }, 'tct03.profile'],
    ['an items member', { items: [] }, 'tct03.items-member'],
    ['sitemaps not an array', { sitemaps: 'x' }, 'tct03.sitemaps'],
  ])('names %s', (_name, patch, code) => {
    expect(checkTct03SitemapIndex({ ...index([shard(1)]), ...patch }).problems[0]?.code).toBe(code);
  });

  it('leaves out a repeated or malformed shard entry', () => {
    const reading = checkTct03SitemapIndex(
      index([
        shard(1),
        shard(1),
        { ...shard(2), etag: `"${HINT}"` },
        { url: 'llm-sitemap-3.json' },
      ]),
    );
    expect(reading.problems.map((p) => p.code)).toEqual([
      'tct03.duplicate-url',
      'tct03.hint',
      'tct03.url',
    ]);
    expect(reading.entries).toEqual([shard(1)]);
  });
});
