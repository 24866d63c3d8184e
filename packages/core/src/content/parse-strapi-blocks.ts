import { ValidationError } from '../errors';
import type { BlockNode, ContentTree, HeadingLevel, InlineNode, ResolveUrl } from './content-tree';
import {
  DEFAULT_MAX_CONTENT_LENGTH,
  MAX_PARSE_DEPTH,
  type ParseContentOptions,
} from './content-options';
import { describeValue, fieldName } from './content-errors';
import { normalizeContentTree } from './normalize-content-tree';
import { resolveContentUrl } from './resolve-content-url';

/**
 * Parses the value of a Strapi v5 "Blocks" rich-text field: an array of `paragraph`,
 * `heading` (`level`), `list` (`format`, `list-item` children, nested `list` children belong
 * to the item before them), `quote`, `code` (`language`) and `image` (`image.url`,
 * `alternativeText`, `caption` → title) nodes holding `text` (modifiers `bold`, `italic`,
 * `strikethrough`, `code`; `underline` has no equivalent and is dropped) and `link` nodes.
 * A newline inside a text node is a hard break, as Strapi's own renderer shows it.
 *
 * A value that is not an array is a `ValidationError`. Inside it nothing throws: nodes that
 * are not objects are skipped, unknown node types keep their text, a heading without a usable
 * level is level 1, and nesting deeper than 100 keeps only the text.
 */
export function parseStrapiBlocks(value: unknown, options?: ParseContentOptions): ContentTree {
  const field = fieldName(options);
  if (!Array.isArray(value)) {
    throw new ValidationError('content.not_blocks', `${field} must be an array of Strapi blocks`, {
      field,
      value: describeValue(value),
      rule: 'Strapi v5 blocks field',
    });
  }
  const converter = new StrapiConverter(options);
  const children = value.flatMap((node) => converter.block(node, 0));
  return normalizeContentTree({ children });
}

type StrapiNode = Record<string, unknown>;

function isNode(value: unknown): value is StrapiNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childNodes(node: StrapiNode): unknown[] {
  return Array.isArray(node.children) ? node.children : [];
}

function text(value: string): InlineNode {
  return { type: 'text', value };
}

class StrapiConverter {
  private readonly resolveUrl: ResolveUrl | undefined;
  /** Counts visited nodes: a value built in memory can share subtrees and explode otherwise. */
  private visited = 0;

  private readonly maxNodes: number;

  constructor(private readonly options: ParseContentOptions | undefined) {
    this.resolveUrl = options?.resolveUrl;
    // A node of Strapi JSON takes at least ten characters (`{"type":…}`).
    this.maxNodes = Math.ceil((options?.maxLength ?? DEFAULT_MAX_CONTENT_LENGTH) / 10);
  }

  private visit(): void {
    this.visited += 1;
    if (this.visited > this.maxNodes) {
      const field = fieldName(this.options);
      throw new ValidationError(
        'content.too_large',
        `${field} has more than ${this.maxNodes} nodes`,
        {
          field,
          value: this.visited,
          rule: 'content maxLength / 10 nodes',
        },
      );
    }
  }

  block(node: unknown, depth: number): BlockNode[] {
    this.visit();
    if (!isNode(node)) return [];
    if (depth > MAX_PARSE_DEPTH)
      return [{ type: 'paragraph', children: [text(this.plainText(node))] }];
    const children = childNodes(node);
    switch (node.type) {
      case 'paragraph':
        return [{ type: 'paragraph', children: this.inlines(children, depth + 1) }];
      case 'heading': {
        const level =
          typeof node.level === 'number' && Number.isFinite(node.level)
            ? (Math.min(6, Math.max(1, Math.round(node.level))) as HeadingLevel)
            : 1;
        return [{ type: 'heading', level, children: this.inlines(children, depth + 1) }];
      }
      case 'quote':
        return [
          {
            type: 'quote',
            children: [{ type: 'paragraph', children: this.inlines(children, depth + 1) }],
          },
        ];
      case 'code': {
        const language = typeof node.language === 'string' ? node.language : undefined;
        return [
          {
            type: 'code',
            value: children.map((child) => this.plainText(child)).join(''),
            ...(language === undefined ? {} : { language }),
          },
        ];
      }
      case 'list':
        return [this.list(node, depth + 1)];
      case 'image':
        return this.image(node.image);
      default:
        // `list-item` out of place, or a node type from a newer Strapi: keep the words.
        if (typeof node.text === 'string')
          return [{ type: 'paragraph', children: [text(node.text)] }];
        return [{ type: 'paragraph', children: this.inlines(children, depth + 1) }];
    }
  }

  private list(node: StrapiNode, depth: number): BlockNode {
    const items: BlockNode[][] = [];
    for (const child of childNodes(node)) {
      if (isNode(child) && child.type === 'list-item') {
        this.visit();
        items.push([{ type: 'paragraph', children: this.inlines(childNodes(child), depth + 1) }]);
      } else if (isNode(child) && child.type === 'list' && items.length > 0) {
        (items[items.length - 1] as BlockNode[]).push(...this.block(child, depth));
      } else {
        const blocks = this.block(child, depth);
        if (blocks.length > 0) items.push(blocks);
      }
    }
    return { type: 'list', ordered: node.format === 'ordered', items };
  }

  private image(image: unknown): BlockNode[] {
    if (!isNode(image)) return [];
    const url = resolveContentUrl(image.url, this.resolveUrl);
    if (url === undefined) return [];
    const alt = typeof image.alternativeText === 'string' ? image.alternativeText : '';
    const title = typeof image.caption === 'string' ? image.caption : undefined;
    return [{ type: 'image', url, alt, ...(title === undefined ? {} : { title }) }];
  }

  private inlines(nodes: unknown[], depth: number): InlineNode[] {
    const out: InlineNode[] = [];
    for (const node of nodes) {
      this.visit();
      if (!isNode(node)) continue;
      if (depth > MAX_PARSE_DEPTH) {
        out.push(text(this.plainText(node)));
      } else if (node.type === 'link') {
        const children = this.inlines(childNodes(node), depth + 1);
        const url = resolveContentUrl(node.url, this.resolveUrl);
        out.push(...(url === undefined ? children : [{ type: 'link' as const, url, children }]));
      } else if (
        typeof node.text === 'string' &&
        (node.type === 'text' || node.type === undefined)
      ) {
        out.push(...this.textNode(node, node.text));
      } else if (typeof node.text === 'string') {
        out.push(text(node.text));
      } else {
        out.push(...this.inlines(childNodes(node), depth + 1));
      }
    }
    return out;
  }

  /** A text node with its modifiers, outermost first: bold, italic, strikethrough, code. */
  private textNode(node: StrapiNode, value: string): InlineNode[] {
    let inlines: InlineNode[] = [];
    if (node.code === true) {
      inlines.push({ type: 'inlineCode', value });
    } else {
      value.split(/\r\n|\r|\n/).forEach((line, index) => {
        if (index > 0) inlines.push({ type: 'break' });
        if (line !== '') inlines.push(text(line));
      });
    }
    if (node.strikethrough === true) inlines = [{ type: 'strikethrough', children: inlines }];
    if (node.italic === true) inlines = [{ type: 'emphasis', children: inlines }];
    if (node.bold === true) inlines = [{ type: 'strong', children: inlines }];
    return inlines;
  }

  /** The text inside a node, without recursion. */
  private plainText(root: unknown): string {
    let out = '';
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      this.visit();
      if (!isNode(node)) continue;
      if (typeof node.text === 'string') out += node.text;
      const children = childNodes(node);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
    return out;
  }
}
