import type { LlmsTxtSiteOptions } from '@agent-ready/core';
import { withSectionTitles } from './section-titles';

const unset: { llmsTxt?: LlmsTxtSiteOptions | false } = {};

/** The titles the config comes out with. */
const titlesOf = (config: { llmsTxt?: LlmsTxtSiteOptions | false }) =>
  config.llmsTxt === false ? undefined : config.llmsTxt?.sections?.titles;

describe('withSectionTitles', () => {
  const types = [
    { section: 'products', displayName: 'Products' },
    { section: 'blog-pages', displayName: 'Blog page' },
    { section: 'products', displayName: 'Product variant' },
  ];

  it("titles each section with its first type's display name", () => {
    expect(titlesOf(withSectionTitles(unset, types))).toEqual({
      products: 'Products',
      'blog-pages': 'Blog page',
    });
  });

  it('keeps the titles and the rest the config gives, and llms.txt off', () => {
    const config = {
      llmsTxt: { full: false, sections: { order: ['blog-pages'], titles: { products: 'Shop' } } },
    };
    expect(withSectionTitles(config, types).llmsTxt).toEqual({
      full: false,
      sections: { order: ['blog-pages'], titles: { products: 'Shop', 'blog-pages': 'Blog page' } },
    });
    expect(withSectionTitles({ llmsTxt: false as const }, types).llmsTxt).toBe(false);
  });

  it('keeps the key of a section whose display name another section has', () => {
    expect(
      titlesOf(
        withSectionTitles(unset, [
          { section: 'news', displayName: 'Article' },
          { section: 'blog', displayName: 'Article' },
        ]),
      ),
    ).toEqual({ news: 'Article', blog: 'blog' });
  });
});
