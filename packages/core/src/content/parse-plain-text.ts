import type { BlockNode, ContentTree, InlineNode } from './content-tree';
import type { ParseContentOptions } from './content-options';
import { requireContentString } from './content-errors';
import { normalizeContentTree } from './normalize-content-tree';

/**
 * Plain text: paragraphs are separated by blank lines (lines holding only spaces or tabs);
 * a single line break inside a paragraph is kept as a break. Nothing is interpreted as markup.
 */
export function parsePlainText(value: string, options?: ParseContentOptions): ContentTree {
  const source = requireContentString(value, 'plain text', options);
  const children: BlockNode[] = [];
  let lines: string[] = [];
  const flush = (): void => {
    if (lines.length === 0) return;
    const inlines: InlineNode[] = [];
    lines.forEach((line, index) => {
      if (index > 0) inlines.push({ type: 'break' });
      inlines.push({ type: 'text', value: line });
    });
    children.push({ type: 'paragraph', children: inlines });
    lines = [];
  };
  for (const line of source.split(/\r\n|\r|\n/)) {
    if (/^[ \t]*$/.test(line)) flush();
    else lines.push(line);
  }
  flush();
  return normalizeContentTree({ children });
}
