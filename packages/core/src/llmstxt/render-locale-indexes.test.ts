import { generateLlmsFullTxt } from './generate-llms-full-txt';
import { generateLlmsTxt } from './generate-llms-txt';
import { generateLlmsTxtIndex } from './generate-llms-txt-index';
import type { LlmsTxtInput } from './llmstxt-types';
import { inspectLlmsTxt } from './parse-llms-txt';
import { localeLinkName } from './render-locale-indexes';

const site = { name: 'Shop', summary: 'A shop.', baseUrl: 'https://example.com/' };
const pages: LlmsTxtInput['pages'] = [
  { title: 'Hello', url: '/en/hello/', locale: 'en', markdown: '# Hello\n\nHi.' },
  { title: 'Bonjour', url: '/fr/bonjour/', locale: 'fr', markdown: '# Bonjour\n\nSalut.' },
];
const localeIndexes = [
  { locale: 'en', url: 'https://example.com/en/llms.txt', pages: 1 },
  { locale: 'fr', url: 'https://example.com/fr/llms.txt', pages: 1 },
];

/** Issue 38: the root llms.txt of a localized site leads to each locale's. */
describe('locale indexes in the root llms.txt', () => {
  it('a root without pages of its own: a Languages section, a valid llms.txt', () => {
    const { text, itemCount } = generateLlmsTxt({ site, pages }, { localeIndexes });
    expect(text).toBe(
      [
        '# Shop',
        '',
        '> A shop.',
        '',
        '## Languages',
        '',
        '- [English (en)](https://example.com/en/llms.txt): 1 page',
        '- [French (fr)](https://example.com/fr/llms.txt): 1 page',
        '',
      ].join('\n'),
    );
    // Items are pages: the locale links are not counted.
    expect(itemCount).toBe(0);
    const inspected = inspectLlmsTxt(text);
    expect(inspected.problems).toEqual([]);
    expect(inspected.document!.sections.map((s) => [s.name, s.links.length])).toEqual([
      ['Languages', 2],
    ]);
  });

  it('a root with its own pages: Other languages first, then its sections', () => {
    const { text } = generateLlmsTxt(
      { site, pages, defaultLocale: 'en' },
      { localeIndexes: [{ ...localeIndexes[1]!, pages: 12 }] },
    );
    const inspected = inspectLlmsTxt(text);
    expect(inspected.problems).toEqual([]);
    expect(
      inspected.document!.sections.map((s) => [s.name, s.links.map((l) => [l.title, l.notes])]),
    ).toEqual([
      ['Other languages', [['French (fr)', '12 pages']]],
      ['Pages', [['Hello', undefined]]],
    ]);
  });

  it('no locale indexes: the file is as before', () => {
    expect(generateLlmsTxt({ site, pages }, { localeIndexes: [] }).text).toBe(
      generateLlmsTxt({ site, pages }).text,
    );
  });

  it('an index of parts and llms-full.txt lead to the locales the same way', () => {
    const index = generateLlmsTxtIndex(site, {
      note: 'Split in parts.',
      heading: 'Parts',
      files: [{ title: 'Part 1', url: 'https://example.com/llms-1.txt', pages: 3 }],
      localeIndexes: [localeIndexes[1]!],
    });
    expect(inspectLlmsTxt(index).problems).toEqual([]);
    expect(inspectLlmsTxt(index).document!.sections.map((s) => s.name)).toEqual([
      'Other languages',
      'Parts',
    ]);
    const full = generateLlmsFullTxt(
      { site, pages },
      {
        localeIndexes: localeIndexes.map((l) => ({
          ...l,
          url: l.url.replace('llms', 'llms-full'),
        })),
      },
    ).text;
    // Before any page (whose Markdown may hold headings of its own).
    expect(full).toBe(
      [
        '# Shop',
        '',
        '> A shop.',
        '',
        '## Languages',
        '',
        '- [English (en)](https://example.com/en/llms-full.txt): 1 page',
        '- [French (fr)](https://example.com/fr/llms-full.txt): 1 page',
        '',
      ].join('\n'),
    );
  });

  it('names a locale by its English name and tag, or the tag alone', () => {
    expect(localeLinkName('de-CH')).toBe('Swiss High German (de-CH)');
    expect(localeLinkName('zh-Hant')).toMatch(/Chinese.* \(zh-Hant\)$/);
    expect(localeLinkName('qaa')).toMatch(/qaa/);
  });
});
