import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { XMLValidator } from 'fast-xml-parser';
import { buildScpSitemap, type ScpSitemapInput } from './build-scp-sitemap';
import { parseScpSitemap } from './parse-scp-sitemap';
import { ScpSitemapError, ScpValidationError } from './scp-errors';

const input: ScpSitemapInput = {
  sections: [
    { name: 'blog', updateFreq: 'daily', pages: '~5000' },
    { name: 'docs', updateFreq: 'weekly', pages: 200 },
  ],
  collections: [
    {
      section: 'blog',
      url: 'https://r2.example.com/collections/blog-snapshot-day15.scp.gz',
      generated: '2000-01-15T00:00:00Z',
      expires: new Date('2000-01-16T00:00:00Z'),
      pages: 5247,
      size: 52000000,
    },
  ],
  deltas: [
    {
      section: 'blog',
      period: 'day15',
      url: 'https://r2.example.com/collections/blog-delta-day15.scp.gz',
      generated: '2000-01-15T23:00:00Z',
      expires: '2000-01-17T00:00:00Z',
      pages: 47,
      size: 480000,
      since: '2000-01-14T00:00:00Z',
    },
  ],
  urls: [
    {
      loc: 'https://example.com/blog/post-1',
      lastmod: '2000-01-10T12:00:00Z',
      changefreq: 'daily',
      priority: 0.5,
    },
  ],
};

describe('buildScpSitemap', () => {
  it('writes the spec shape: scp elements under urlset, all XSD attributes, then <url> entries', () => {
    expect(buildScpSitemap(input)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:scp="https://scp-protocol.org/schemas/sitemap/1.0">',
        '  <scp:version>0.1</scp:version>',
        '  <scp:compression>zstd,gzip</scp:compression>',
        '  <scp:section name="blog" updateFreq="daily" pages="~5000"/>',
        '  <scp:section name="docs" updateFreq="weekly" pages="200"/>',
        '  <scp:collection section="blog" type="snapshot" url="https://r2.example.com/collections/blog-snapshot-day15.scp.gz" generated="2000-01-15T00:00:00Z" expires="2000-01-16T00:00:00Z" pages="5247" size="52000000"/>',
        '  <scp:delta section="blog" period="day15" url="https://r2.example.com/collections/blog-delta-day15.scp.gz" generated="2000-01-15T23:00:00Z" expires="2000-01-17T00:00:00Z" pages="47" size="480000" since="2000-01-14T00:00:00Z"/>',
        '  <url>',
        '    <loc>https://example.com/blog/post-1</loc>',
        '    <lastmod>2000-01-10T12:00:00Z</lastmod>',
        '    <changefreq>daily</changefreq>',
        '    <priority>0.5</priority>',
        '  </url>',
        '</urlset>',
      ].join('\n'),
    );
  });

  it('escapes everything and normalizes URLs', () => {
    const xml = buildScpSitemap({
      sections: [{ name: 'a"<b>&\'c', updateFreq: 'hourly', pages: '~1' }],
      urls: [{ loc: 'HTTPS://Example.com/a?x=1&y=%3c2%3e' }],
    });
    expect(xml).toContain('name="a&quot;&lt;b&gt;&amp;\'c"');
    expect(xml).toContain('<loc>https://example.com/a?x=1&amp;y=%3C2%3E</loc>');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = parseScpSitemap(xml);
    expect(parsed.sections[0]!.name).toBe('a"<b>&\'c');
    expect(parsed.urls[0]!.loc).toBe('https://example.com/a?x=1&y=%3C2%3E');
  });

  it.each([
    [{ sections: [{ name: 'x', updateFreq: 'yearly', pages: 1 }] }, 'sections[0].updateFreq'],
    [{ sections: [{ name: '', updateFreq: 'daily', pages: 1 }] }, 'sections[0].name'],
    [{ collections: [{ ...input.collections![0]!, url: 'javascript:x' }] }, 'collections[0].url'],
    [{ collections: [{ ...input.collections![0]!, size: -1 }] }, 'collections[0].size'],
    [
      { collections: [{ ...input.collections![0]!, expires: 'tomorrow' }] },
      'collections[0].expires',
    ],
    [{ deltas: [{ ...input.deltas![0]!, since: undefined }] }, 'deltas[0].since'],
    [{ urls: [{ loc: 'https://example.com/', priority: 2 }] }, 'urls[0].priority'],
    [{ compression: ['Zstd'] }, 'compression'],
  ])('rejects %j', (bad, field) => {
    expect(() => buildScpSitemap(bad as ScpSitemapInput)).toThrow(
      expect.objectContaining({ field }),
    );
  });

  it('rejects characters XML cannot carry', () => {
    expect(() =>
      buildScpSitemap({ sections: [{ name: 'a\u0001', updateFreq: 'daily', pages: 1 }] }),
    ).toThrow(ScpValidationError);
  });
});

describe('parseScpSitemap', () => {
  it('reads back what we build', () => {
    const parsed = parseScpSitemap(buildScpSitemap(input));
    expect(parsed).toEqual({
      version: '0.1',
      compression: ['zstd', 'gzip'],
      sections: [
        { name: 'blog', updateFreq: 'daily', pages: '~5000' },
        { name: 'docs', updateFreq: 'weekly', pages: '200' },
      ],
      collections: [
        { ...input.collections![0]!, type: 'snapshot', expires: '2000-01-16T00:00:00Z' },
      ],
      deltas: [input.deltas![0]],
      urls: [
        {
          loc: 'https://example.com/blog/post-1',
          lastmod: '2000-01-10T12:00:00Z',
          changefreq: 'daily',
          priority: '0.5',
        },
      ],
      warnings: [],
    });
  });

  it("reads the spec's example with another prefix, ignoring unknown elements, warning on broken ones", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:s="https://scp-protocol.org/schemas/sitemap/1.0"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <!-- SCP Metadata -->
  <s:version>0.1</s:version>
  <s:compression>zstd,gzip</s:compression>
  <s:future-thing a="1"/>
  <s:section name="all" updateFreq="daily" pages="~12000"/>
  <s:section name="bad" updateFreq="sometimes" pages="1"/>
  <s:collection section="all" type="snapshot"
                url="https://r2.example.com/collections/all-snapshot-latest.scp.gz"
                generated="2000-01-15T00:00:00Z" expires="2000-01-16T00:00:00Z"
                pages="12450" size="125000000" checksum="sha256:abc"/>
  <s:collection section="all" type="snapshot" url="ftp://x" generated="2000-01-15T00:00:00Z" expires="2000-01-16T00:00:00Z" pages="1" size="1"/>
  <s:delta section="all" period="day15" url="https://r2.example.com/d.scp.gz" generated="2000-01-15T23:00:00Z" expires="2000-01-17T00:00:00Z" pages="124" size="1250000"/>
  <url><loc>https://example.com/&amp;x</loc><image:image><image:loc>https://example.com/i.png</image:loc></image:image></url>
  <other xmlns="urn:x"><scp:collection xmlns:scp="https://scp-protocol.org/schemas/sitemap/1.0"/></other>
</urlset>`;
    const parsed = parseScpSitemap(xml);
    expect(parsed.version).toBe('0.1');
    expect(parsed.sections.map((s) => s.name)).toEqual(['all']);
    expect(parsed.collections).toEqual([
      {
        section: 'all',
        type: 'snapshot',
        url: 'https://r2.example.com/collections/all-snapshot-latest.scp.gz',
        generated: '2000-01-15T00:00:00Z',
        expires: '2000-01-16T00:00:00Z',
        pages: 12450,
        size: 125000000,
      },
    ]);
    expect(parsed.deltas).toEqual([]);
    expect(parsed.urls).toEqual([{ loc: 'https://example.com/&x' }]);
    expect(parsed.warnings).toEqual([
      'scp:section left out: invalid updateFreq="sometimes"',
      'scp:collection left out: invalid url="ftp://x"',
      'scp:delta left out: missing since',
    ]);
  });

  it('throws a typed error for what is not a sitemap', () => {
    expect(() => parseScpSitemap('<urlset><unclosed></urlset>')).toThrow(ScpSitemapError);
    expect(() => parseScpSitemap('<sitemapindex/>')).toThrow(
      expect.objectContaining({ code: 'scp.sitemap.no_urlset' }),
    );
    expect(() => parseScpSitemap('x'.repeat(100), { maxBytes: 10 })).toThrow(
      expect.objectContaining({ code: 'scp.sitemap.too_large' }),
    );
  });

  it('bounds entity expansion (billion laughs)', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>&lol9;</loc></url></urlset>`;
    let result: unknown;
    try {
      result = parseScpSitemap(laughs);
    } catch (error) {
      result = error;
    }
    if (result instanceof Error) expect(result).toBeInstanceOf(ScpSitemapError);
    else expect(JSON.stringify(result).length).toBeLessThan(1_000_000);
  });

  it('fuzz: any string is a sitemap or a typed error; built values round-trip', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        try {
          parseScpSitemap(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ScpSitemapError);
        }
      }),
      propertyRuns(300),
    );
    const xmlChar = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter(
      (s) =>
        s.trim() !== '' &&
        // XML cannot carry C0 controls; attribute normalization turns TAB/LF/CR into spaces.
        [...s].every((ch) => ch.codePointAt(0)! >= 0x20 && ch !== '\ufffe' && ch !== '\uffff') &&
        s === s.trim(),
    );
    fc.assert(
      fc.property(xmlChar, xmlChar, (name, period) => {
        const xml = buildScpSitemap({
          sections: [{ name, updateFreq: 'daily', pages: '~1' }],
          deltas: [{ ...input.deltas![0]!, section: name, period }],
        });
        const parsed = parseScpSitemap(xml);
        expect(parsed.sections[0]!.name).toBe(name);
        expect(parsed.deltas[0]!.period).toBe(period);
      }),
      propertyRuns(200),
    );
  });
});
