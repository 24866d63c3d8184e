import { escapeMarkdownHeading } from './escape-markdown';
import { llmsTxtLinkTarget } from './generate-llms-txt';
import type {
  LlmsTxtGenerateOptions,
  LlmsTxtInput,
  LlmsTxtOutput,
  LlmsTxtPage,
} from './llmstxt-types';
import { renderLlmsTxtHeader } from './render-llms-txt-header';
import { renderLocaleIndexes } from './render-locale-indexes';
import { baseDirectory, selectLlmsTxtPages } from './select-llms-txt-pages';

/**
 * `/llms-full.txt` (a tooling convention, not part of the llms.txt format): the same header as
 * llms.txt, then every included page that has `markdown`, in section order, each after a `---`
 * rule as `# Title`, a `Source: <url>` line (the same link target as llms.txt) and the page's
 * Markdown, without its first line when that is the same `# Title` heading (a Markdown twin opens
 * with it: written once, above the source line). Pages with `includeInFull: false` or without
 * Markdown are left out.
 */
export function generateLlmsFullTxt(
  input: LlmsTxtInput,
  options: LlmsTxtGenerateOptions = {},
): LlmsTxtOutput {
  let itemCount = 0;
  const text = [
    ...llmsFullTxtChunks(input, options, {
      has: (page) => typeof page.markdown === 'string',
      read: (page) => {
        itemCount += 1;
        return page.markdown!;
      },
    }),
  ].join('');
  return { text, byteLength: Buffer.byteLength(text, 'utf8'), itemCount };
}

/** Where the Markdown of llms-full.txt's pages comes from. */
export interface LlmsFullTxtMarkdownSource {
  has(page: LlmsTxtPage): boolean;
  read(page: LlmsTxtPage): string;
}

/**
 * The text of {@link generateLlmsFullTxt} in pieces, one per page, read from `markdown` only
 * when that page's turn comes. A site's llms-full.txt is its whole Markdown: at a few hundred
 * thousand pages one string of it passes V8's string limit, so builders write these pieces to a
 * file (with the Markdown itself kept out of memory too) instead of joining them.
 */
export function* llmsFullTxtChunks(
  input: LlmsTxtInput,
  options: LlmsTxtGenerateOptions,
  markdown: LlmsFullTxtMarkdownSource,
): Generator<string> {
  const base = baseDirectory(input);
  const selection = selectLlmsTxtPages(
    input,
    options.locale ?? input.defaultLocale,
    (page) => page.includeInFull !== false && markdown.has(page),
  );
  // The whole text is `lines.join('\n').trimEnd() + '\n'`: trailing whitespace is held back
  // until more text follows, so the pieces concatenate to exactly that.
  let pending = '';
  const emit = (piece: string): string => {
    const text = pending + piece;
    const end = text.trimEnd().length;
    pending = text.slice(end);
    return text.slice(0, end);
  };
  const header = emit(
    [
      ...renderLlmsTxtHeader(selection),
      ...renderLocaleIndexes(
        options.localeIndexes,
        selection.sections.some((section) => section.pages.length > 0),
      ),
    ].join('\n'),
  );
  if (header !== '') yield header;
  for (const section of selection.sections) {
    for (const { page, index } of section.pages) {
      const url = llmsTxtLinkTarget(base, page, index, options.linkTarget);
      const title = escapeMarkdownHeading(typeof page.title === 'string' ? page.title : '') || url;
      const heading = `# ${title}`;
      const body = withoutHeading(markdown.read(page).replace(/\r\n?/g, '\n').trim(), heading);
      const lines = ['', '---', '', heading, '', `Source: ${url}`, ''];
      if (body !== '') lines.push(body, '');
      const piece = emit(lines.join('\n'));
      if (piece !== '') yield piece;
    }
  }
  yield '\n';
}

/** `markdown` without its first line when that line is `heading` (the twin's own title). */
function withoutHeading(markdown: string, heading: string): string {
  if (markdown === heading) return '';
  return markdown.startsWith(`${heading}\n`) ? markdown.slice(heading.length + 1).trim() : markdown;
}
