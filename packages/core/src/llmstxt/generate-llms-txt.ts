import {
  collapseWhitespace,
  escapeLlmsTxtLinkName,
  markdownLinkDestination,
} from './escape-markdown';
import { renderLocaleIndexes } from './render-locale-indexes';
import type {
  LlmsTxtGenerateOptions,
  LlmsTxtInput,
  LlmsTxtOutput,
  LlmsTxtPage,
} from './llmstxt-types';
import { finishLlmsTxtOutput, renderLlmsTxtHeader } from './render-llms-txt-header';
import { baseDirectory, resolvePageUrl, selectLlmsTxtPages } from './select-llms-txt-pages';
import { LlmsTxtInputError } from './llmstxt-errors';

export { escapeLlmsTxtLinkName };

/** The URL an item links to: the Markdown twin when there is one (by default), else the page. */
export function llmsTxtLinkTarget(
  base: string,
  page: LlmsTxtPage,
  index: number,
  linkTarget: LlmsTxtGenerateOptions['linkTarget'] = 'markdown',
): string {
  if (linkTarget === 'markdown' && page.markdownUrl !== undefined) {
    return resolvePageUrl(base, page.markdownUrl, `pages[${index}].markdownUrl`);
  }
  return resolvePageUrl(base, page.url, `pages[${index}].url`);
}

/**
 * `/llms.txt` for one locale: H1, blockquote summary, optional prose, then one H2 per section
 * holding nothing but `- [name](url): notes` items (llms.txt v1 format, unchanged in v2).
 * Deterministic for a given input. Throws `LlmsTxtInputError` for unusable input.
 */
export function generateLlmsTxt(
  input: LlmsTxtInput,
  options: LlmsTxtGenerateOptions = {},
): LlmsTxtOutput {
  const base = baseDirectory(input);
  const selection = selectLlmsTxtPages(input, options.locale ?? input.defaultLocale, () => true);
  const lines = renderLlmsTxtHeader(selection);
  lines.push(
    ...renderLocaleIndexes(
      options.localeIndexes,
      selection.sections.some((section) => section.pages.length > 0),
    ),
  );
  let itemCount = 0;
  for (const section of selection.sections) {
    lines.push(`## ${section.title}`, '');
    for (const { page, index } of section.pages) {
      const name = escapeLlmsTxtLinkName(typeof page.title === 'string' ? page.title : '');
      if (name === '') {
        throw new LlmsTxtInputError('llmstxt.invalid_input', 'a page needs a non-empty title', {
          field: `pages[${index}].title`,
          value: page.title,
        });
      }
      const url = markdownLinkDestination(llmsTxtLinkTarget(base, page, index, options.linkTarget));
      const notes =
        typeof page.description === 'string' ? collapseWhitespace(page.description) : '';
      lines.push(`- [${name}](${url})${notes === '' ? '' : `: ${notes}`}`);
      itemCount += 1;
    }
    lines.push('');
  }
  return finishLlmsTxtOutput(lines, itemCount);
}
