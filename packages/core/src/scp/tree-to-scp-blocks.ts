import type { BlockNode, ContentTree, InlineNode } from '../content';
import { normalizeScpUrl } from './check-scp-url';
import type { ScpBlock, ScpLinkBlock } from './scp-types';

/**
 * SCP content blocks from the shared content tree, in document order:
 * - paragraph → `text`; heading → `heading`; code → `code` (with its language); quote →
 *   `quote` (with its citation); table → `table` (header row first); image → `image` (alt
 *   kept); video/audio → the spec's `video`/`audio` with `name` and a single `url`;
 * - list → `list`, one string per top-level item; a nested list stays inside its parent item
 *   as indented lines (`  - child`, `  1. child`), so item count and hierarchy both survive;
 * - every inline link of a block becomes a `link` block right after that block (its text stays
 *   in the block's text); images and media inside lists and quotes follow the same way;
 * - inline markup is dropped to plain text, whitespace runs collapse to one space, hard breaks
 *   become LF; empty blocks and thematic breaks produce nothing.
 * URLs are normalized; a link or media whose URL is not http(s) (mailto:, javascript:, …) is
 * left out, its text kept. Pure and deterministic: same tree, same blocks.
 */
export function treeToScpBlocks(tree: ContentTree): ScpBlock[] {
  const out: ScpBlock[] = [];
  for (const node of tree.children) convertBlock(node, out);
  return out;
}

interface Trailer {
  links: ScpLinkBlock[];
  media: ScpBlock[];
}

const BREAK = Symbol('break');

function collectInline(
  nodes: readonly InlineNode[],
  parts: (string | typeof BREAK)[],
  trailer: Trailer,
): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        parts.push(node.value);
        break;
      case 'break':
        parts.push(BREAK);
        break;
      case 'link': {
        const inner: (string | typeof BREAK)[] = [];
        collectInline(node.children, inner, trailer);
        parts.push(...inner);
        const url = safeUrl(node.url);
        if (url !== undefined) {
          const text = joinParts(inner) || node.title?.trim() || url;
          trailer.links.push({ type: 'link', url, text });
        }
        break;
      }
      default:
        collectInline(node.children, parts, trailer);
    }
  }
}

function collapse(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}

function joinParts(parts: readonly (string | typeof BREAK)[]): string {
  const lines: string[] = [''];
  for (const part of parts) {
    if (part === BREAK) lines.push('');
    else lines[lines.length - 1] += part;
  }
  return lines.map(collapse).join('\n').trim();
}

function inlineText(nodes: readonly InlineNode[], trailer: Trailer): string {
  const parts: (string | typeof BREAK)[] = [];
  collectInline(nodes, parts, trailer);
  return joinParts(parts);
}

function safeUrl(url: string): string | undefined {
  try {
    return normalizeScpUrl(url, 'url');
  } catch {
    return undefined;
  }
}

function mediaName(title: string | undefined, url: string): string {
  const trimmed = title?.trim();
  if (trimmed) return trimmed;
  const path = new URL(url).pathname;
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}

/** Image, video and audio nodes as blocks (nothing when the URL is unusable). */
function mediaBlock(node: BlockNode): ScpBlock | undefined {
  if (node.type !== 'image' && node.type !== 'video' && node.type !== 'audio') return undefined;
  const url = safeUrl(node.url);
  if (url === undefined) return undefined;
  if (node.type === 'image') return { type: 'image', url, alt: collapse(node.alt) };
  return { type: node.type, name: mediaName(node.title, url), url };
}

/** Text of nested blocks for a list item or a quote; lists become indented lines. */
function blocksText(nodes: readonly BlockNode[], depth: number, trailer: Trailer): string {
  const lines: string[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
      case 'heading': {
        const text = inlineText(node.children, trailer);
        if (text) lines.push(text);
        break;
      }
      case 'list':
        node.items.forEach((item, i) => {
          const marker = node.ordered ? `${(node.start ?? 1) + i}.` : '-';
          const text = blocksText(item, depth + 1, trailer);
          if (text) lines.push(`${'  '.repeat(depth)}${marker} ${text}`);
        });
        break;
      case 'code':
        if (node.value) lines.push(node.value);
        break;
      case 'quote': {
        const text = blocksText(node.children, depth, trailer);
        if (text) lines.push(text);
        break;
      }
      case 'table':
        for (const row of tableRows(node, trailer)) lines.push(row.join(' | '));
        break;
      case 'image':
      case 'video':
      case 'audio': {
        const block = mediaBlock(node);
        if (block) trailer.media.push(block);
        break;
      }
      case 'thematicBreak':
        break;
    }
  }
  return lines.join('\n');
}

function tableRows(node: Extract<BlockNode, { type: 'table' }>, trailer: Trailer): string[][] {
  const rows = node.header ? [node.header, ...node.rows] : node.rows;
  return rows.map((row) => row.map((cell) => inlineText(cell, trailer)));
}

function convertBlock(node: BlockNode, out: ScpBlock[]): void {
  const trailer: Trailer = { links: [], media: [] };
  switch (node.type) {
    case 'paragraph': {
      const text = inlineText(node.children, trailer);
      if (text) out.push({ type: 'text', text });
      break;
    }
    case 'heading': {
      const text = inlineText(node.children, trailer);
      if (text) out.push({ type: 'heading', level: node.level, text });
      break;
    }
    case 'list': {
      const items = node.items
        .map((item) => blocksText(item, 1, trailer))
        .filter((text) => text !== '');
      if (items.length > 0) out.push({ type: 'list', ordered: node.ordered, items });
      break;
    }
    case 'code': {
      const language = node.language?.trim();
      out.push(
        language
          ? { type: 'code', language, code: node.value }
          : { type: 'code', code: node.value },
      );
      break;
    }
    case 'quote': {
      const text = blocksText(node.children, 0, trailer);
      const citation = node.citation?.trim();
      if (text) out.push(citation ? { type: 'quote', text, citation } : { type: 'quote', text });
      break;
    }
    case 'table': {
      const rows = tableRows(node, trailer);
      if (rows.length > 0) out.push({ type: 'table', rows });
      break;
    }
    case 'image':
    case 'video':
    case 'audio': {
      const block = mediaBlock(node);
      if (block) out.push(block);
      break;
    }
    case 'thematicBreak':
      break;
  }
  out.push(...trailer.links, ...trailer.media);
}
