import { ValidationError } from '../errors';
import type { BlockNode, ContentTree, InlineNode, ResolveUrl } from './content-tree';
import { DEFAULT_MAX_CONTENT_LENGTH, type ParseContentOptions } from './content-options';
import { describeValue, fieldName } from './content-errors';
import { normalizeContentTree } from './normalize-content-tree';
import { resolveContentUrl } from './resolve-content-url';

/** Counts nodes, stopping as soon as `limit` is passed (an oversized tree costs no full walk). */
function countNodes(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    count++;
    const record = node as Record<string, unknown>;
    for (const key of ['children', 'items', 'rows', 'header']) {
      if (record[key] !== undefined) stack.push(record[key]);
    }
  }
  return count;
}

function resolveInlines(nodes: InlineNode[], resolveUrl: ResolveUrl): InlineNode[] {
  return nodes.flatMap((node): InlineNode[] => {
    switch (node.type) {
      case 'link': {
        const children = resolveInlines(node.children, resolveUrl);
        const url = resolveContentUrl(node.url, resolveUrl);
        // An unresolvable link keeps its text, as the parsers do.
        return url === undefined ? children : [{ ...node, url, children }];
      }
      case 'strong':
      case 'emphasis':
      case 'strikethrough':
        return [{ ...node, children: resolveInlines(node.children, resolveUrl) }];
      default:
        return [node];
    }
  });
}

function resolveBlocks(blocks: BlockNode[], resolveUrl: ResolveUrl): BlockNode[] {
  return blocks.flatMap((block): BlockNode[] => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        return [{ ...block, children: resolveInlines(block.children, resolveUrl) }];
      case 'list':
        return [{ ...block, items: block.items.map((item) => resolveBlocks(item, resolveUrl)) }];
      case 'quote':
        return [{ ...block, children: resolveBlocks(block.children, resolveUrl) }];
      case 'table':
        return [
          {
            ...block,
            ...(block.header
              ? { header: block.header.map((cell) => resolveInlines(cell, resolveUrl)) }
              : {}),
            rows: block.rows.map((row) => row.map((cell) => resolveInlines(cell, resolveUrl))),
          },
        ];
      case 'image':
      case 'video':
      case 'audio': {
        // An unresolvable media URL drops the block, as the parsers do.
        const url = resolveContentUrl(block.url, resolveUrl);
        return url === undefined ? [] : [{ ...block, url }];
      }
      default:
        return [block];
    }
  });
}

/**
 * A content tree built by the caller (an adapter that reads structured CMS fields, e.g. the
 * Strapi plugin's schema-driven extraction), taken as the other parsers' output is: checked
 * node by node (a `ValidationError` naming the offending path), normalized, and its link, image
 * and media URLs passed through `resolveUrl` (an unresolvable link keeps its text, an
 * unresolvable image, video or audio block is dropped). `maxLength` bounds the number of nodes
 * at a tenth of it, as for Strapi blocks.
 */
export function parseContentTree(value: unknown, options?: ParseContentOptions): ContentTree {
  const field = fieldName(options);
  const maxNodes = Math.floor((options?.maxLength ?? DEFAULT_MAX_CONTENT_LENGTH) / 10);
  if (countNodes(value, maxNodes) > maxNodes) {
    throw new ValidationError(
      'content.too_large',
      `${field} has more than ${maxNodes.toLocaleString('en-US')} nodes`,
      { field, value: describeValue(value), rule: 'ParseContentOptions.maxLength' },
    );
  }
  const tree = normalizeContentTree(value as ContentTree);
  const resolveUrl = options?.resolveUrl;
  if (resolveUrl === undefined) return tree;
  return normalizeContentTree({ children: resolveBlocks(tree.children, resolveUrl) });
}
