import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { generateLlmsFullTxt, llmsFullTxtChunks } from './generate-llms-full-txt';
import { escapeLlmsTxtLinkName, generateLlmsTxt } from './generate-llms-txt';
import { LlmsTxtInputError } from './llmstxt-errors';
import type { LlmsTxtInput, LlmsTxtPage } from './llmstxt-types';
import { inspectLlmsTxt, parseLlmsTxt } from './parse-llms-txt';

const input: LlmsTxtInput = {
  site: {
    name: 'Example Store',
    summary: 'Outdoor gear,\nshipped across Europe.',
    details: 'We answer within a day.\n\n# Not a heading\n\nAll prices include VAT.',
    baseUrl: 'https://shop.example',
  },
  pages: [
    {
      title: 'Returns',
      url: '/policies/returns',
      markdownUrl: '/policies/returns.md',
      section: 'policies',
    },
    {
      title: 'Tent [2 person]',
      url: '/p/tent',
      description: 'Light,\n  waterproof',
      section: 'products',
    },
    { title: 'Secret draft', url: '/draft', include: false },
    { title: 'About us', url: 'https://shop.example/about' },
    { title: 'Shipping', url: '/policies/shipping', section: 'policies' },
    { title: 'Zelt', url: '/de/p/zelt', locale: 'de', section: 'products' },
  ],
  sections: {
    order: ['products', 'policies'],
    titles: { products: 'Products', policies: 'Policies' },
  },
};

describe('generateLlmsTxt', () => {
  it('renders the v1 structure: H1, summary, prose, ordered H2 sections of link items', () => {
    const output = generateLlmsTxt(input);
    expect(output.text).toBe(`# Example Store

> Outdoor gear, shipped across Europe.

We answer within a day.

\\# Not a heading

All prices include VAT.

## Products

- [Tent \\[2 person&#93;](https://shop.example/p/tent): Light, waterproof

## Policies

- [Returns](https://shop.example/policies/returns.md)
- [Shipping](https://shop.example/policies/shipping)

## Pages

- [About us](https://shop.example/about)
`);
    expect(output.itemCount).toBe(4);
    expect(output.byteLength).toBe(Buffer.byteLength(output.text));
  });

  it('parses back with the format rules, names and notes intact', () => {
    const parsed = parseLlmsTxt(generateLlmsTxt(input).text);
    expect(parsed.title).toBe('Example Store');
    expect(parsed.summary).toBe('Outdoor gear, shipped across Europe.');
    expect(parsed.sections.map((s) => [s.name, s.links.map((l) => l.url)])).toEqual([
      ['Products', ['https://shop.example/p/tent']],
      [
        'Policies',
        ['https://shop.example/policies/returns.md', 'https://shop.example/policies/shipping'],
      ],
      ['Pages', ['https://shop.example/about']],
    ]);
  });

  it('links the page instead of its twin when asked', () => {
    const text = generateLlmsTxt(input, { linkTarget: 'page' }).text;
    expect(text).toContain('- [Returns](https://shop.example/policies/returns)\n');
  });

  it('generates per-locale files with localized site texts and section titles', () => {
    const localized: LlmsTxtInput = {
      ...input,
      defaultLocale: 'en',
      site: { ...input.site, locales: { de: { summary: 'Outdoor-Ausrüstung.' } } },
      sections: { ...input.sections, localizedTitles: { DE: { products: 'Produkte' } } },
    };
    const de = generateLlmsTxt(localized, { locale: 'de' }).text;
    expect(de).toBe(`# Example Store

> Outdoor-Ausrüstung.

We answer within a day.

\\# Not a heading

All prices include VAT.

## Produkte

- [Zelt](https://shop.example/de/p/zelt)
`);
    expect(generateLlmsTxt(localized).text).not.toContain('Zelt');
    expect(generateLlmsTxt(localized, { locale: 'fr' }).itemCount).toBe(0);
  });

  it('percent-encodes parentheses in URLs so the link item stays parseable', () => {
    const text = generateLlmsTxt({
      site: { name: 'W', summary: 's', baseUrl: 'https://w.example/' },
      pages: [{ title: 'Mercury (planet)', url: '/wiki/Mercury_(planet)' }],
    }).text;
    expect(text).toContain('- [Mercury (planet)](https://w.example/wiki/Mercury_%28planet%29)');
    expect(parseLlmsTxt(text).sections[0]!.links[0]!.url).toBe(
      'https://w.example/wiki/Mercury_%28planet%29',
    );
  });

  it.each([
    ['an empty name', { site: { ...input.site, name: ' \n' } }, 'site.name'],
    ['a relative base URL', { site: { ...input.site, baseUrl: '/x' } }, 'site.baseUrl'],
    ['an empty page title', { pages: [{ title: ' ', url: '/a' }] }, 'pages[0].title'],
    ['a bad page URL', { pages: [{ title: 'a', url: 'https://[::1' }] }, 'pages[0].url'],
    ['a bad locale', { pages: [{ title: 'a', url: '/a', locale: 'de/../x' }] }, 'pages[0].locale'],
    ['a non-object page', { pages: [null] }, 'pages[0]'],
    [
      'two sections with one title',
      { sections: { titles: { products: 'Same', policies: 'Same' } } },
      'sections.titles.products',
    ],
  ])('rejects %s with a typed error naming the field', (_name, patch, field) => {
    try {
      generateLlmsTxt({ ...input, ...(patch as Partial<LlmsTxtInput>) });
      throw new Error('expected LlmsTxtInputError');
    } catch (error) {
      expect(error).toBeInstanceOf(LlmsTxtInputError);
      expect((error as LlmsTxtInputError).field).toBe(field);
    }
  });

  it('always produces a file that parses, whatever the texts (fuzz)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 });
    const page = fc.record({
      title: text.filter((t) => t.trim() !== ''),
      url: fc.constantFrom('/a', '/b(c)', 'https://x.example/q?a=1&b=%5B2%5D', '/ü/ö'),
      description: fc.option(text, { nil: undefined }),
      section: fc.option(fc.constantFrom('A', 'B', '# C', '[x]'), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        text.filter((t) => t.trim() !== ''),
        text.filter((t) => t.trim() !== ''),
        fc.option(
          fc
            .array(
              fc.oneof(
                fc.string({ maxLength: 30 }),
                fc.constantFrom(
                  '# H1',
                  '## H2',
                  '  ### H3',
                  '```',
                  '~~~~',
                  '---',
                  '===',
                  '> q',
                  '',
                ),
              ),
              { maxLength: 12 },
            )
            .map((lines) => lines.join('\n')),
          { nil: undefined },
        ),
        fc.array(page, { maxLength: 8 }),
        (name, summary, details, pages) => {
          const generated = generateLlmsTxt({
            site: { name, summary, details, baseUrl: 'https://x.example/' },
            pages,
          });
          const { document, problems } = inspectLlmsTxt(generated.text);
          expect(problems).toEqual([]);
          expect(document.sections.flatMap((s) => s.links)).toHaveLength(pages.length);
          expect(document.summary).toBeDefined();
        },
      ),
      propertyRuns(200),
    );
  });
});

describe('escapeLlmsTxtLinkName', () => {
  it('keeps brackets readable and the reference name pattern [^\\]]+ satisfied', () => {
    expect(escapeLlmsTxtLinkName('a [b] \\ c &amp;')).toBe('a \\[b&#93; \\\\ c \\&amp;');
  });
});

describe('generateLlmsFullTxt', () => {
  it('puts the header first, then each included page with Markdown, in section order', () => {
    const full = generateLlmsFullTxt({
      ...input,
      pages: [
        { title: 'Returns', url: '/r', section: 'policies', markdown: '## Window\n\n30 days.\r\n' },
        { title: 'Tent', url: '/t', section: 'products', markdown: 'A tent.' },
        { title: 'No body', url: '/n', section: 'products' },
        { title: 'Hidden', url: '/h', section: 'products', markdown: 'x', includeInFull: false },
      ],
    });
    expect(full.itemCount).toBe(2);
    expect(full.text).toBe(`# Example Store

> Outdoor gear, shipped across Europe.

We answer within a day.

\\# Not a heading

All prices include VAT.

---

# Tent

Source: https://shop.example/t

A tent.

---

# Returns

Source: https://shop.example/r

## Window

30 days.
`);
  });

  it('writes the title heading once when the Markdown (a twin) opens with it', () => {
    const full = generateLlmsFullTxt({
      site: { name: 'Example Store', summary: 'Gear.', baseUrl: 'https://shop.example' },
      pages: [
        { title: 'Tent', url: '/t', markdown: '# Tent\n\nA tent.\n' },
        { title: 'Only a title', url: '/o', markdown: '# Only a title\n' },
        { title: 'Other', url: '/x', markdown: '# Tent\n\nNot its own title.' },
      ],
    });
    expect(full.text).toBe(`# Example Store

> Gear.

---

# Tent

Source: https://shop.example/t

A tent.

---

# Only a title

Source: https://shop.example/o

---

# Other

Source: https://shop.example/x

# Tent

Not its own title.
`);
  });
});

describe('llmsFullTxtChunks', () => {
  const page = fc.record({
    title: fc.string({ maxLength: 8 }),
    url: fc.constantFrom('/a', '/b', '/c/d'),
    section: fc.constantFrom('products', 'policies', 'other'),
    markdown: fc.option(fc.constantFrom('', '  ', '\n\n', 'x', ' y \r\n', '## H\n\ntext\t'), {
      nil: undefined,
    }),
  });

  it('concatenate to exactly the whole file, one page per piece, reading Markdown on demand', () => {
    fc.assert(
      fc.property(fc.array(page, { maxLength: 6 }), (pages) => {
        const site = { ...input, pages };
        // The pages without their Markdown, which lives elsewhere (a spill file, in the store).
        const stored = new Map<LlmsTxtPage, string | undefined>(
          pages.map((p) => [{ ...p, markdown: undefined }, p.markdown]),
        );
        const reads: string[] = [];
        const chunks = [
          ...llmsFullTxtChunks(
            { ...site, pages: [...stored.keys()] },
            {},
            {
              has: (p) => stored.get(p) !== undefined,
              read: (p) => {
                reads.push(p.url);
                return stored.get(p)!;
              },
            },
          ),
        ];
        const whole = generateLlmsFullTxt(site);
        expect(chunks.join('')).toBe(whole.text);
        expect(reads.length).toBe(whole.itemCount);
        // Header, at most one piece per page, and the final newline.
        expect(chunks.length).toBeLessThanOrEqual(whole.itemCount + 2);
      }),
      propertyRuns(300),
    );
  });
});
