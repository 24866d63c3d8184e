import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { readTctSitemap } from './read-tct-sitemap';

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
