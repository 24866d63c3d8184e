import fc from 'fast-check';
import { formatLinkHeader, htmlLinkTag, parseLinkHeader } from './link-header';

describe('Link header (RFC 8288)', () => {
  it('formats links with quoted parameters', () => {
    expect(
      formatLinkHeader([
        { href: '/llm-sitemap.json', rel: 'index', type: 'application/json' },
        { href: 'https://example.com/a/', rel: 'canonical' },
      ]),
    ).toBe(
      '</llm-sitemap.json>; rel="index"; type="application/json", <https://example.com/a/>; rel="canonical"',
    );
  });

  it('refuses a target that would break the <…> framing', () => {
    expect(() => formatLinkHeader([{ href: 'https://e.com/>; rel="x"', rel: 'a' }])).toThrow(
      /URI-reference/,
    );
  });

  it('parses quoted strings with commas and semicolons, rel lists, and skips malformed members', () => {
    const links = parseLinkHeader(
      '<https://e.com/a>; rel="alternate describedby"; title="a, b; c", garbage; rel=x, <b>;rel=next;rel=prev',
    );
    expect(links).toEqual([
      {
        href: 'https://e.com/a',
        params: { rel: 'alternate describedby', title: 'a, b; c' },
        rels: ['alternate', 'describedby'],
      },
      { href: 'b', params: { rel: 'next' }, rels: ['next'] },
    ]);
  });

  it('round-trips what it formats and never throws on arbitrary input', () => {
    const token = fc.stringMatching(/^[a-z][a-z0-9.+-]{0,10}$/);
    const text = fc.string({ maxLength: 20 }).filter((s) => !/[\x00-\x1f]/.test(s));
    const href = fc.webUrl();
    fc.assert(
      fc.property(
        fc.array(fc.record({ href, rel: token, title: text }), { maxLength: 5 }),
        (links) => {
          const parsed = parseLinkHeader(formatLinkHeader(links));
          expect(parsed.map((l) => [l.href, l.params.rel, l.params.title])).toEqual(
            links.map((l) => [l.href, l.rel, l.title]),
          );
        },
      ),
    );
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (value) => void parseLinkHeader(value)));
  });

  it('renders an escaped HTML <link> tag', () => {
    expect(
      htmlLinkTag({
        href: 'https://e.com/a?x=1&y="2"',
        rel: 'alternate',
        type: 'application/json',
      }),
    ).toBe(
      '<link rel="alternate" type="application/json" href="https://e.com/a?x=1&amp;y=&quot;2&quot;">',
    );
  });
});
