import { ValidationError } from '../errors';
import type { BlockNode, ContentTree, InlineNode } from './content-tree';
import { normalizeContentTree, normalizeLine } from './normalize-content-tree';

/**
 * Plain text with no markup: what a reader sees, in reading order. Blocks are separated by a
 * blank line and trimmed; inline formatting is dropped, links keep their text, breaks are
 * newlines. List items take one line each, without bullets; ordered items keep their number
 * (`1. `) because the order is content; a nested list is indented by two spaces. Table rows
 * take one line each with cells separated by a tab. Code is verbatim (blank lines around it
 * removed). A quote is its text, then `— citation` on its own line. An image is
 * `[Image: alt]` (`[Image]` without alt) with its title/caption on the next line; video and
 * audio are `[Video: title]` / `[Audio: title]` (`[Video]`, `[Audio]` without title).
 * Thematic breaks produce nothing.
 */
export function renderPlainText(tree: ContentTree): string {
  return blocksText(normalizeContentTree(tree).children);
}

export interface DocumentTextInput {
  title: string;
  tree: ContentTree;
}

/**
 * The TCT M-URL `content` (DECISIONS §1: plain text, no markup): the title, a blank line,
 * then the body as {@link renderPlainText}. Just the title when the body is empty, just the
 * body when the title is. The title is collapsed to one line.
 */
export function renderDocumentText({ title, tree }: DocumentTextInput): string {
  if (typeof title !== 'string') {
    throw new ValidationError('content.invalid_title', 'title must be a string', {
      field: 'title',
      value: typeof title,
      rule: 'TCT M-URL title',
    });
  }
  const heading = normalizeLine(title).trim();
  const body = renderPlainText(tree);
  if (body === '') return heading;
  if (heading === '') return body;
  return `${heading}\n\n${body}`;
}

function blocksText(blocks: BlockNode[]): string {
  return blocks
    .map(blockText)
    .filter((text) => text !== '')
    .join('\n\n');
}

function blockText(block: BlockNode): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(block.children).trim();
    case 'list':
      return listText(block);
    case 'code':
      return block.value.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
    case 'quote': {
      const body = blocksText(block.children);
      if (block.citation === undefined) return body;
      return `${body}\n\u2014 ${block.citation}`.trim();
    }
    case 'table':
      return [...(block.header === undefined ? [] : [block.header]), ...block.rows]
        .map((row) =>
          row
            .map((cell) =>
              inlineText(cell)
                .replace(/[\t\n]+/g, ' ')
                .trim(),
            )
            .join('\t')
            .replace(/\t+$/, ''),
        )
        .filter((line) => line !== '')
        .join('\n');
    case 'image': {
      const label = block.alt === '' ? '[Image]' : `[Image: ${block.alt}]`;
      return block.title === undefined ? label : `${label}\n${block.title}`;
    }
    case 'video':
      return block.title === undefined ? '[Video]' : `[Video: ${block.title}]`;
    case 'audio':
      return block.title === undefined ? '[Audio]' : `[Audio: ${block.title}]`;
    case 'thematicBreak':
      return '';
  }
}

function listText(list: Extract<BlockNode, { type: 'list' }>): string {
  const first = list.start ?? 1;
  return list.items
    .map((item, index) => {
      const parts = item.map(blockText);
      // A nested list is indented under the item's own text (not when it is all the item has).
      const lines = parts
        .map((text, partIndex) =>
          item[partIndex]?.type === 'list' && parts.slice(0, partIndex).some((part) => part !== '')
            ? text.replace(/^(?=.)/gm, '  ')
            : text,
        )
        .filter((text) => text !== '')
        .join('\n');
      return list.ordered ? `${first + index}. ${lines}`.trimEnd() : lines;
    })
    .filter((text) => text !== '')
    .join('\n');
}

function inlineText(nodes: InlineNode[]): string {
  let out = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        out += node.value;
        break;
      case 'break':
        out += '\n';
        break;
      default:
        out += inlineText(node.children);
    }
  }
  return out;
}
