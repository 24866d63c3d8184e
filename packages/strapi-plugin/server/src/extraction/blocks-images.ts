import type { MediaUrl } from './media-url';

type BlockNode = Record<string, unknown>;

/**
 * Lists nested deeper than this are passed as they are: core reads only the text of anything
 * nested deeper than 100 levels, so no image is shown there (and the walk stays off the stack's
 * limit).
 */
const MAX_LIST_DEPTH = 128;

const isNode = (value: unknown): value is BlockNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** An image block on its public URL, or its words (alt text, caption) when it has none. */
function imageBlock(node: BlockNode, image: BlockNode, mediaUrl: MediaUrl): unknown[] {
  const url = typeof image.url === 'string' ? mediaUrl(image.url) : undefined;
  if (url !== undefined)
    return url === image.url ? [node] : [{ ...node, image: { ...image, url } }];
  const alt = textOf(image.alternativeText);
  const caption = textOf(image.caption);
  const words = [alt, caption !== alt ? caption : ''].filter((part) => part !== '').join(' — ');
  return words === '' ? [] : [{ type: 'paragraph', children: [{ type: 'text', text: words }] }];
}

/**
 * The value of a Strapi blocks field with its images where media are public, for core to parse:
 * an `image` block's `image.url` goes through `mediaUrl` (an upload provider's absolute URL is
 * kept, `/uploads/…` is put on Strapi's public URL), as media fields' URLs do. Core would
 * otherwise resolve a relative URL against the page, on the front end, which does not serve
 * uploads. An image without a known public URL is not given one: it becomes a paragraph of its
 * words (its alt text, then its caption), as a media field's file does.
 *
 * Only image blocks are rewritten, where core shows them (the top level, and inside lists);
 * everything else is passed as it is, and a value without images is returned itself.
 */
export function withMediaUrls(blocks: readonly unknown[], mediaUrl: MediaUrl): readonly unknown[] {
  // A value built in memory may share subtrees: each node is rewritten once.
  const rewritten = new Map<BlockNode, unknown[]>();
  const rewriteNode = (node: unknown, depth: number): unknown[] => {
    if (!isNode(node) || (node.type !== 'image' && node.type !== 'list')) return [node];
    const done = rewritten.get(node);
    if (done) return done;
    let result: unknown[] = [node];
    if (node.type === 'image') {
      if (isNode(node.image)) result = imageBlock(node, node.image, mediaUrl);
    } else if (Array.isArray(node.children) && depth < MAX_LIST_DEPTH) {
      const children = rewriteList(node.children, depth + 1);
      if (children !== node.children) result = [{ ...node, children }];
    }
    rewritten.set(node, result);
    return result;
  };
  const rewriteList = (nodes: readonly unknown[], depth: number): readonly unknown[] => {
    let out: unknown[] | undefined;
    nodes.forEach((node, index) => {
      const replaced = rewriteNode(node, depth);
      if (out === undefined && (replaced.length !== 1 || replaced[0] !== node)) {
        out = nodes.slice(0, index);
      }
      out?.push(...replaced);
    });
    return out ?? nodes;
  };
  return rewriteList(blocks, 0);
}
