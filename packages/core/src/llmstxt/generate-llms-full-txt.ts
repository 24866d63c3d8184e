import { escapeMarkdownHeading } from './escape-markdown';
import { llmsTxtLinkTarget } from './generate-llms-txt';
import type { LlmsTxtGenerateOptions, LlmsTxtInput, LlmsTxtOutput } from './llmstxt-types';
import { finishLlmsTxtOutput, renderLlmsTxtHeader } from './render-llms-txt-header';
import { baseDirectory, selectLlmsTxtPages } from './select-llms-txt-pages';

/**
 * `/llms-full.txt` (a tooling convention, not part of the llms.txt format): the same header as
 * llms.txt, then every included page that has `markdown`, in section order, each after a `---`
 * rule as `# Title`, a `Source: <url>` line (the same link target as llms.txt) and the page's
 * Markdown unchanged. Pages with `includeInFull: false` or without Markdown are left out.
 */
export function generateLlmsFullTxt(
  input: LlmsTxtInput,
  options: LlmsTxtGenerateOptions = {},
): LlmsTxtOutput {
  const base = baseDirectory(input);
  const selection = selectLlmsTxtPages(
    input,
    options.locale ?? input.defaultLocale,
    (page) => page.includeInFull !== false && typeof page.markdown === 'string',
  );
  const lines = renderLlmsTxtHeader(selection);
  let itemCount = 0;
  for (const section of selection.sections) {
    for (const { page, index } of section.pages) {
      const url = llmsTxtLinkTarget(base, page, index, options.linkTarget);
      const title = escapeMarkdownHeading(typeof page.title === 'string' ? page.title : '') || url;
      const body = page.markdown!.replace(/\r\n?/g, '\n').trim();
      lines.push('---', '', `# ${title}`, '', `Source: ${url}`, '');
      if (body !== '') lines.push(body, '');
      itemCount += 1;
    }
  }
  return finishLlmsTxtOutput(lines, itemCount);
}
