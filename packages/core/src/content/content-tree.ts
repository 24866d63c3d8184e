/**
 * The one intermediate form every CMS body (Strapi blocks JSON, Markdown, HTML) is parsed
 * into, and every agent-facing rendering is made from: TCT plain text, SCP content blocks,
 * Markdown twins. Parsing once and rendering many keeps the outputs consistent with each other.
 *
 * Deliberately small (an mdast subset): block nodes hold inline nodes; images, video and
 * audio are block-level (an inline image splits its paragraph). URLs are stored as the parser
 * resolved them (absolute when a base was given).
 */
export type InlineNode =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'emphasis'; children: InlineNode[] }
  | { type: 'strikethrough'; children: InlineNode[] }
  | { type: 'inlineCode'; value: string }
  | { type: 'link'; url: string; title?: string; children: InlineNode[] }
  | { type: 'break' };

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type BlockNode =
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'heading'; level: HeadingLevel; children: InlineNode[] }
  /** Each item is a sequence of blocks (a paragraph, possibly a nested list). */
  | { type: 'list'; ordered: boolean; start?: number; items: BlockNode[][] }
  | { type: 'code'; value: string; language?: string }
  | { type: 'quote'; children: BlockNode[]; citation?: string }
  /** `header` is the first row when the source marks one; every row is a list of cells. */
  | { type: 'table'; header?: InlineNode[][]; rows: InlineNode[][][] }
  | { type: 'image'; url: string; alt: string; title?: string }
  | { type: 'video'; url: string; title?: string }
  | { type: 'audio'; url: string; title?: string }
  | { type: 'thematicBreak' };

export interface ContentTree {
  children: BlockNode[];
}

/** Resolves a URL reference found in content against the document's base; `undefined` drops it. */
export type ResolveUrl = (reference: string) => string | undefined;
