import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildPageSitemap, buildSitemapIndexXml } from './build-scp-sitemap';
import { ScpValidationError } from './scp-errors';

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap'].includes(name),
});

describe('plain sitemaps.org documents (page sitemaps and their index)', () => {
  it('a page sitemap is a urlset of loc and lastmod, URLs normalized and escaped', () => {
    const xml = buildPageSitemap([
      { loc: 'https://Example.com/a/?x=1&y=2', lastmod: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) },
      { loc: 'https://example.com/b/' },
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = parser.parse(xml);
    expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(parsed.urlset.url).toEqual([
      { loc: 'https://example.com/a/?x=1&y=2', lastmod: '2026-01-02T03:04:05Z' },
      { loc: 'https://example.com/b/' },
    ]);
  });

  it('an index lists each sitemap with its lastmod', () => {
    const xml = buildSitemapIndexXml([
      { loc: 'https://example.com/scp/sitemap-pages-1.xml', lastmod: '2026-01-02T03:04:05Z' },
      { loc: 'https://example.com/scp/sitemap-pages-2.xml' },
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parser.parse(xml).sitemapindex.sitemap).toEqual([
      { loc: 'https://example.com/scp/sitemap-pages-1.xml', lastmod: '2026-01-02T03:04:05Z' },
      { loc: 'https://example.com/scp/sitemap-pages-2.xml' },
    ]);
  });

  it('refuses what a sitemap cannot carry, naming the entry', () => {
    expect(() => buildPageSitemap([{ loc: 'javascript:alert(1)' }])).toThrow(ScpValidationError);
    expect(() => buildSitemapIndexXml([{ loc: 'https://example.com/', lastmod: 'soon' }])).toThrow(
      /sitemaps\[0\]\.lastmod/,
    );
  });
});
