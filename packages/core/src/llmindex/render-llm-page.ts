import { AgentReadyError } from '../errors';
import { normalizeUri, resolveUri } from '../uri';
import {
  escapeMarkdownHeading,
  escapeMarkdownText,
  markdownLinkDestination,
} from '../llmstxt/escape-markdown';
import { formatRfc3339DateTime } from './is-rfc3339-date-time';
import { LlmindexValidationError } from './llmindex-errors';
import { shiftMarkdownHeadings } from './shift-markdown-headings';

/** Page content: a plain string is text (escaped); `{ markdown }` is trusted Markdown. */
export type LlmindexRichText = string | { markdown: string };

/** What every `/llm/*` page can carry besides its own content. */
export interface LlmindexPageCommon {
  /** The H1 (each page has a default). */
  title?: string;
  /** Shown under the H1 as `Last updated: <RFC 3339>`. */
  updatedAt?: Date | string;
  intro?: LlmindexRichText;
  /** Resolves relative URLs in the structured fields (not inside Markdown bodies). */
  baseUrl?: string;
}

export function pageError(field: string, message: string, value?: unknown): never {
  throw new LlmindexValidationError('llm page input', [
    { field, code: 'type', message, ...(typeof value === 'string' ? { value } : {}) },
  ]);
}

/** Rich text as Markdown, its own headings nested `levels` deeper. */
export function renderRichText(
  value: LlmindexRichText | undefined,
  field: string,
  levels: number,
): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return escapeMarkdownText(value);
  if (typeof value === 'object' && value !== null && typeof value.markdown === 'string') {
    return shiftMarkdownHeadings(value.markdown.replace(/\r\n?/g, '\n').trim(), levels);
  }
  return pageError(field, `${field} must be a string or { markdown: string }`);
}

/** A required single-line text field, escaped for a heading or a link text. */
export function requiredInlineText(value: unknown, field: string): string {
  const text = typeof value === 'string' ? escapeMarkdownHeading(value) : '';
  if (text === '') pageError(field, `${field} must be non-empty text`, value);
  return text;
}

/** An absolute or base-relative URL, normalized, as a Markdown link destination. */
export function linkUrl(reference: unknown, field: string, baseUrl: string | undefined): string {
  if (typeof reference !== 'string' || reference.trim() === '')
    pageError(field, `${field} must be a URL`, reference);
  try {
    return markdownLinkDestination(
      baseUrl === undefined
        ? normalizeUri(reference)
        : normalizeUri(resolveUri(baseUrl, reference)),
    );
  } catch (error) {
    if (error instanceof AgentReadyError)
      pageError(field, `${field} is not a valid URL: ${error.message}`, reference);
    throw error;
  }
}

/** `# Title`, the update line and the intro. */
export function renderPageHeader(common: LlmindexPageCommon, defaultTitle: string): string[] {
  const blocks = [`# ${requiredInlineText(common.title ?? defaultTitle, 'title')}`];
  if (common.updatedAt !== undefined) {
    const date =
      common.updatedAt instanceof Date ? common.updatedAt : new Date(String(common.updatedAt));
    if (Number.isNaN(date.getTime()))
      pageError('updatedAt', 'updatedAt must be a date', String(common.updatedAt));
    blocks.push(`Last updated: ${formatRfc3339DateTime(date)}`);
  }
  const intro = renderRichText(common.intro, 'intro', 1);
  if (intro !== '') blocks.push(intro);
  return blocks;
}

/** Blocks joined by blank lines, with one final newline (Markdown bodies kept as given). */
export function joinPageBlocks(blocks: string[]): string {
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}
