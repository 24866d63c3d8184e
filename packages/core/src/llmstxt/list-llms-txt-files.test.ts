import { LlmsTxtInputError } from './llmstxt-errors';
import { listLlmsTxtFiles, llmsTxtFileFor, llmsTxtPageLinks } from './list-llms-txt-files';
import { llmsTxtDescribedByLink, llmsTxtMarkdownAlternateLink } from './llmstxt-link-relations';
import type { LlmsTxtInput } from './llmstxt-types';

const input: LlmsTxtInput = {
  site: { name: 'Docs', summary: 's', baseUrl: 'https://ex.com/docs' },
  defaultLocale: 'en',
  pages: [
    { title: 'A', url: 'a' },
    { title: 'B', url: 'b', locale: 'zh-CN', markdownUrl: 'zh-CN/b.md' },
    { title: 'C', url: 'c', locale: 'de' },
    { title: 'D', url: 'd', locale: 'ZH-cn' },
    { title: 'E', url: 'e', locale: 'fr', include: false },
    { title: 'F', url: 'f', locale: 'EN' },
  ],
};

describe('listLlmsTxtFiles', () => {
  it('puts the default locale at the base and others under /<locale>/, sorted', () => {
    expect(listLlmsTxtFiles(input)).toEqual([
      {
        locale: 'en',
        isDefault: true,
        path: '/docs/llms.txt',
        url: 'https://ex.com/docs/llms.txt',
        fullPath: '/docs/llms-full.txt',
        fullUrl: 'https://ex.com/docs/llms-full.txt',
      },
      {
        locale: 'de',
        isDefault: false,
        path: '/docs/de/llms.txt',
        url: 'https://ex.com/docs/de/llms.txt',
        fullPath: '/docs/de/llms-full.txt',
        fullUrl: 'https://ex.com/docs/de/llms-full.txt',
      },
      expect.objectContaining({ locale: 'zh-CN', path: '/docs/zh-CN/llms.txt' }),
    ]);
  });

  it('uses a configured path prefix and rejects one that escapes the base', () => {
    expect(llmsTxtFileFor({ ...input, localePaths: { de: '/deutsch/' } }, 'de').url).toBe(
      'https://ex.com/docs/deutsch/llms.txt',
    );
    expect(() => llmsTxtFileFor({ ...input, localePaths: { de: '../x' } }, 'de')).toThrow(
      LlmsTxtInputError,
    );
  });
});

describe('llmsTxtPageLinks', () => {
  it('links a page to its locale’s llms.txt and to its Markdown twin', () => {
    expect(llmsTxtPageLinks(input, input.pages[1]!)).toEqual([
      { href: 'https://ex.com/docs/zh-CN/llms.txt', rel: 'describedby' },
      { href: 'https://ex.com/docs/zh-CN/b.md', rel: 'alternate', type: 'text/markdown' },
    ]);
    expect(llmsTxtPageLinks(input, input.pages[0]!)).toEqual([
      { href: 'https://ex.com/docs/llms.txt', rel: 'describedby' },
    ]);
  });

  it('builds the relations from URLs, normalized', () => {
    expect(llmsTxtDescribedByLink('HTTPS://Ex.com/llms.txt')).toEqual({
      href: 'https://ex.com/llms.txt',
      rel: 'describedby',
    });
    expect(llmsTxtMarkdownAlternateLink('https://ex.com/a.md').type).toBe('text/markdown');
  });
});
