import type { ResolveUrl } from './content-tree';

/** Options every content parser accepts. */
export interface ParseContentOptions {
  /**
   * Applied to every link, image and media URL after unsafe schemes are rejected. Returning
   * `undefined` (or throwing) makes the URL unresolvable: a link keeps its text and loses the
   * link; an image, video or audio block is dropped. Without it, URLs are kept as written.
   */
  resolveUrl?: ResolveUrl;
  /** Name of the document field the value came from, used in error messages (default `content`). */
  field?: string;
  /**
   * Longest accepted input, in UTF-16 code units (default 1,000,000, far beyond any article;
   * for Strapi blocks, a tenth of it is the limit on the number of nodes).
   */
  maxLength?: number;
}

export const DEFAULT_MAX_CONTENT_LENGTH = 1_000_000;

/**
 * Nesting deeper than this in the input (HTML elements, Markdown tokens, Strapi nodes) is not
 * structure anyone meant; the rest of such a subtree is kept as plain text, which also keeps
 * recursion far from the stack limit.
 */
export const MAX_PARSE_DEPTH = 100;
