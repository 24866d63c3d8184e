import type { BlockNode, InlineNode } from './content-tree';

/**
 * What a parser collects while it walks inline content: inline nodes, interrupted by blocks
 * that turned up inside (an image inside a paragraph, a `<div>` inside a `<span>`). A block
 * splits the run around it, the way the tree wants it: paragraph / image / paragraph.
 */
export interface BlockMarker {
  type: 'block';
  block: BlockNode;
}
export type Segment = InlineNode | BlockMarker;

export function blockMarker(block: BlockNode): BlockMarker {
  return { type: 'block', block };
}

/**
 * Wraps each inline run in `wrap` (strong, link…). A paragraph or heading that turned up
 * inside (`<a href><h3>Title</h3></a>`, a linked card) has its content wrapped too; other
 * blocks pass through unwrapped.
 */
export function wrapSegments(
  segments: Segment[],
  wrap: (children: InlineNode[]) => InlineNode,
): Segment[] {
  const out: Segment[] = [];
  let run: InlineNode[] = [];
  const flush = (): void => {
    if (run.length > 0) out.push(wrap(run));
    run = [];
  };
  for (const segment of segments) {
    if (segment.type === 'block') {
      flush();
      const { block } = segment;
      const wrapsContent = block.type === 'paragraph' || block.type === 'heading';
      out.push(
        wrapsContent ? blockMarker({ ...block, children: [wrap(block.children)] }) : segment,
      );
    } else {
      run.push(segment);
    }
  }
  flush();
  return out;
}

/** Turns each inline run into a block with `make` (paragraph, heading); blocks stay blocks. */
export function segmentsToBlocks(
  segments: Segment[],
  make: (children: InlineNode[]) => BlockNode = (children) => ({ type: 'paragraph', children }),
): BlockNode[] {
  const out: BlockNode[] = [];
  let run: InlineNode[] = [];
  const flush = (): void => {
    if (run.length > 0) out.push(make(run));
    run = [];
  };
  for (const segment of segments) {
    if (segment.type === 'block') {
      flush();
      out.push(segment.block);
    } else {
      run.push(segment);
    }
  }
  flush();
  return out;
}

/** For places that hold inline content only (table cells): blocks become their text. */
export function segmentsToInlines(segments: Segment[]): InlineNode[] {
  const out: InlineNode[] = [];
  for (const segment of segments) {
    if (segment.type !== 'block') {
      out.push(segment);
      continue;
    }
    const inlines = blocksToInlines([segment.block]);
    if (inlines.length > 0) out.push({ type: 'break' }, ...inlines, { type: 'break' });
  }
  return out;
}

/** Flattens blocks into inline content, one block per line. */
export function blocksToInlines(blocks: BlockNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  const add = (inlines: InlineNode[]): void => {
    if (inlines.length === 0) return;
    if (out.length > 0) out.push({ type: 'break' });
    out.push(...inlines);
  };
  const text = (value: string | undefined): InlineNode[] =>
    value === undefined || value === '' ? [] : [{ type: 'text', value }];
  for (const block of blocks) {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        add(block.children);
        break;
      case 'list':
        for (const item of block.items) add(blocksToInlines(item));
        break;
      case 'quote':
        add(blocksToInlines(block.children));
        add(text(block.citation));
        break;
      case 'code':
        block.value.split('\n').forEach((line) => add(text(line)));
        break;
      case 'table':
        for (const row of [...(block.header === undefined ? [] : [block.header]), ...block.rows]) {
          const cells: InlineNode[] = [];
          row.forEach((cell, index) => {
            if (index > 0) cells.push({ type: 'text', value: ' ' });
            cells.push(...cell);
          });
          add(cells);
        }
        break;
      case 'image':
        add(text(block.alt));
        break;
      case 'video':
      case 'audio':
        add(text(block.title));
        break;
      case 'thematicBreak':
        break;
    }
  }
  return out;
}

/** The text of inline content, markup dropped (alt text, `<code>` contents). */
export function inlinePlainText(segments: Segment[]): string {
  let out = '';
  for (const segment of segments) {
    switch (segment.type) {
      case 'text':
      case 'inlineCode':
        out += segment.value;
        break;
      case 'break':
        out += '\n';
        break;
      case 'block':
        break;
      default:
        out += inlinePlainText(segment.children);
    }
  }
  return out;
}
