import { normalizeUri } from '../uri';
import type { LlmsTxtLinkRelation } from './llmstxt-types';

/** `rel="describedby"`: the llms.txt file that covers a page (llms.txt v2). */
export function llmsTxtDescribedByLink(llmsTxtUrl: string): LlmsTxtLinkRelation {
  return { href: normalizeUri(llmsTxtUrl), rel: 'describedby' };
}

/** `rel="alternate"; type="text/markdown"`: a page's Markdown twin (llms.txt v2). */
export function llmsTxtMarkdownAlternateLink(markdownUrl: string): LlmsTxtLinkRelation {
  return { href: normalizeUri(markdownUrl), rel: 'alternate', type: 'text/markdown' };
}
