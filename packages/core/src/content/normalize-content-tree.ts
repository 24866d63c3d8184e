import { ValidationError } from '../errors';
import type { BlockNode, ContentTree, HeadingLevel, InlineNode } from './content-tree';
import { describeValue } from './content-errors';
import { resolveContentUrl } from './resolve-content-url';
import { replaceLoneSurrogates, UNSERVABLE_CHARACTERS } from '../text/served-text';

/**
 * One canonical form for every tree, whoever built it. Parsers end with it, renderers start
 * with it, so the same content always renders to the same bytes and a render/parse round trip
 * can be compared node for node:
 *
 * - text: C0 controls removed, runs of ASCII whitespace (and U+2028/U+2029) collapsed to one space (as a browser
 *   shows them), no whitespace at the start or end of a block or around a hard break, no
 *   empty text, adjacent text merged;
 * - strong/emphasis/strikethrough/link never start or end with whitespace or a break (it is
 *   moved outside), are never empty, never nest inside themselves (a link inside a link keeps
 *   only its text), and adjacent equal ones are merged;
 * - adjacent code spans are one code span;
 * - at most one break in a row, none at the start or end of a block;
 * - URLs: tab/newline removed, empty or `javascript:`/`data:`/`vbscript:` URLs are not links
 *   (the link keeps its text; an image, video or audio block is dropped);
 * - code: LF line endings, no trailing blank lines, `language` is one word;
 * - empty paragraphs, headings, items, lists, quotes and code blocks are dropped; heading levels
 *   are clamped to 1-6; an ordered list's `start` is an integer in 0..999999999 and is omitted
 *   when it is 1; table rows are padded to the widest row and all-empty rows removed.
 *
 * Input that is not a ContentTree at all (wrong types, unknown node types, nesting deeper than
 * 256) is a `ValidationError` naming the offending path.
 */
export function normalizeContentTree(tree: ContentTree): ContentTree {
  if (!isRecord(tree)) fail('tree', 'must be an object with a children array', tree);
  return { children: normalizeBlocks(tree.children, 'children', 0) };
}

const MAX_TREE_DEPTH = 256;
const RULE = 'ContentTree (content-tree.ts)';
/**
 * Characters text never keeps (text/served-text.ts: controls, bidirectional overrides); form
 * feed and CR are white space in text, which collapses.
 */
const TEXT_CONTROLS = UNSERVABLE_CHARACTERS;
/** In code, form feed is junk too; tab and LF stay. */
const CODE_CONTROLS = new RegExp(`${UNSERVABLE_CHARACTERS.source}|\\f`, 'g');
/**
 * ASCII whitespace, plus U+2028/U+2029 (line/paragraph separator): JavaScript's `.` does not
 * match them, which breaks line-based Markdown parsing, and no CMS means them as anything but
 * a line break.
 */
const WHITESPACE_RUN = /[\t\n\f\r \u2028\u2029]+/g;
const MAX_LIST_START = 999_999_999;

type Container = Extract<InlineNode, { children: InlineNode[] }>;
type WrapperType = 'strong' | 'emphasis' | 'strikethrough';
interface OpenContainers {
  strong: boolean;
  emphasis: boolean;
  strikethrough: boolean;
  link: boolean;
}
const NONE_OPEN: OpenContainers = {
  strong: false,
  emphasis: false,
  strikethrough: false,
  link: false,
};

function fail(path: string, message: string, value?: unknown): never {
  throw new ValidationError('content.invalid_tree', `${path} ${message}`, {
    field: path,
    ...(value === undefined ? {} : { value: describeValue(value) }),
    rule: RULE,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string', value);
  return value;
}

function requireArray(value: unknown, path: string, depth: number): unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be an array', value);
  if (depth > MAX_TREE_DEPTH) fail(path, `is nested deeper than ${MAX_TREE_DEPTH} levels`);
  return value;
}

/**
 * Collapses a one-line string (alt, title, citation, document title). Its edges are trimmed of
 * every Unicode space (U+3000, U+00A0, ...) as block text is, so a title of only an ideographic
 * space is no title rather than a line that looks blank.
 */
export function normalizeLine(value: string): string {
  return replaceLoneSurrogates(value.replace(TEXT_CONTROLS, ''))
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

function optionalLine(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const line = normalizeLine(requireString(value, path));
  return line === '' ? undefined : line;
}

// ---------------------------------------------------------------------------------------------
// Inline content

/** Normalizes the inline content of one block (paragraph, heading, table cell). */
function normalizeBlockInlines(nodes: unknown, path: string, depth: number): InlineNode[] {
  return trimLines(cleanInlines(nodes, path, depth, NONE_OPEN));
}

function cleanInlines(
  nodes: unknown,
  path: string,
  depth: number,
  open: OpenContainers,
): InlineNode[] {
  const list = requireArray(nodes, path, depth);
  const out: InlineNode[] = [];
  list.forEach((node, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(node)) fail(at, 'must be an inline node object', node);
    switch (node.type) {
      case 'text': {
        const value = replaceLoneSurrogates(
          requireString(node.value, `${at}.value`).replace(TEXT_CONTROLS, ''),
        ).replace(WHITESPACE_RUN, ' ');
        if (value !== '') out.push({ type: 'text', value });
        return;
      }
      case 'inlineCode': {
        // CommonMark turns line endings inside a code span into spaces; do it once here.
        const value = replaceLoneSurrogates(
          requireString(node.value, `${at}.value`).replace(CODE_CONTROLS, ''),
        ).replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
        if (value !== '') out.push({ type: 'inlineCode', value });
        return;
      }
      case 'break':
        out.push({ type: 'break' });
        return;
      case 'strong':
      case 'emphasis':
      case 'strikethrough': {
        const type: WrapperType = node.type;
        const children = cleanInlines(node.children, `${at}.children`, depth + 1, {
          ...open,
          [type]: true,
        });
        if (open[type]) out.push(...children);
        else if (children.length > 0) out.push(...hoistEdges({ type, children }));
        return;
      }
      case 'link': {
        const written = requireString(node.url, `${at}.url`);
        const title = optionalLine(node.title, `${at}.title`);
        const children = cleanInlines(node.children, `${at}.children`, depth + 1, {
          ...open,
          link: true,
        });
        const url = resolveContentUrl(written);
        if (open.link || url === undefined) out.push(...children);
        else if (children.length > 0) {
          out.push(
            ...hoistEdges({
              type: 'link',
              url,
              ...(title === undefined ? {} : { title }),
              children,
            }),
          );
        }
        return;
      }
      default:
        fail(`${at}.type`, 'is not an inline node type', node.type);
    }
  });
  return mergeAdjacent(out);
}

/** Moves leading/trailing spaces and breaks out of a container (its children are merged). */
function hoistEdges(node: Container): InlineNode[] {
  const children = node.children.slice();
  const before: InlineNode[] = [];
  const after: InlineNode[] = [];
  for (;;) {
    const first = children[0];
    if (first?.type === 'break') {
      before.push(first);
      children.shift();
    } else if (first?.type === 'text' && first.value.startsWith(' ')) {
      before.push({ type: 'text', value: ' ' });
      if (first.value.length === 1) children.shift();
      else children[0] = { type: 'text', value: first.value.slice(1) };
    } else break;
  }
  for (;;) {
    const last = children[children.length - 1];
    if (last?.type === 'break') {
      after.unshift(last);
      children.pop();
    } else if (last?.type === 'text' && last.value.endsWith(' ')) {
      after.unshift({ type: 'text', value: ' ' });
      if (last.value.length === 1) children.pop();
      else children[children.length - 1] = { type: 'text', value: last.value.slice(0, -1) };
    } else break;
  }
  if (children.length === 0) return [...before, ...after];
  return [...before, { ...node, children }, ...after];
}

/** Merges runs of adjacent text, code spans and equal containers (each run in one pass). */
function mergeAdjacent(nodes: InlineNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  let index = 0;
  while (index < nodes.length) {
    const node = nodes[index] as InlineNode;
    let end = index + 1;
    while (end < nodes.length && mergeable(node, nodes[end] as InlineNode)) end += 1;
    if (end === index + 1) {
      out.push(node);
    } else {
      const run = nodes.slice(index, end);
      if (node.type === 'text' || node.type === 'inlineCode') {
        const value = run.map((each) => (each as { value: string }).value).join('');
        out.push({
          type: node.type,
          value: node.type === 'text' ? value.replace(/ {2,}/g, ' ') : value,
        });
      } else {
        const children = mergeAdjacent(run.flatMap((each) => (each as Container).children));
        out.push({ ...(node as Container), children });
      }
    }
    index = end;
  }
  return out;
}

function mergeable(a: InlineNode, b: InlineNode): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'link' && b.type === 'link') return a.url === b.url && a.title === b.title;
  return a.type !== 'break';
}

/** Block-level trimming: no spaces at line edges, no leading/trailing/doubled breaks. */
function trimLines(nodes: InlineNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  const trimEnd = (): void => {
    const last = out[out.length - 1];
    if (last?.type !== 'text' || !last.value.endsWith(' ')) return;
    if (last.value === ' ') out.pop();
    else out[out.length - 1] = { type: 'text', value: last.value.slice(0, -1) };
  };
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === 'break') {
      trimEnd();
      const kept = out[out.length - 1];
      if (kept !== undefined && kept.type !== 'break') out.push(node);
    } else if (node.type === 'text' && (last === undefined || last.type === 'break')) {
      const value = node.value.startsWith(' ') ? node.value.slice(1) : node.value;
      if (value !== '') out.push({ type: 'text', value });
    } else {
      out.push(node);
    }
  }
  trimEnd();
  if (out[out.length - 1]?.type === 'break') out.pop();
  trimEnd();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Blocks

function normalizeBlocks(blocks: unknown, path: string, depth: number): BlockNode[] {
  const list = requireArray(blocks, path, depth);
  const out: BlockNode[] = [];
  list.forEach((block, index) => {
    const normalized = normalizeBlock(block, `${path}[${index}]`, depth);
    if (normalized !== undefined) out.push(normalized);
  });
  return out;
}

function normalizeBlock(block: unknown, at: string, depth: number): BlockNode | undefined {
  if (!isRecord(block)) fail(at, 'must be a block node object', block);
  switch (block.type) {
    case 'paragraph': {
      const children = normalizeBlockInlines(block.children, `${at}.children`, depth + 1);
      return children.length === 0 ? undefined : { type: 'paragraph', children };
    }
    case 'heading': {
      const children = normalizeBlockInlines(block.children, `${at}.children`, depth + 1);
      if (typeof block.level !== 'number' || !Number.isFinite(block.level)) {
        fail(`${at}.level`, 'must be a number from 1 to 6', block.level);
      }
      const level = Math.min(6, Math.max(1, Math.round(block.level))) as HeadingLevel;
      return children.length === 0 ? undefined : { type: 'heading', level, children };
    }
    case 'list':
      return normalizeList(block, at, depth);
    case 'code': {
      const value = trimTrailingBlankLines(
        replaceLoneSurrogates(
          requireString(block.value, `${at}.value`)
            .replace(/\r\n?|[\u2028\u2029]/g, '\n')
            .replace(CODE_CONTROLS, ''),
        ),
      );
      const language =
        block.language === undefined || block.language === null
          ? undefined
          : /\S+/.exec(normalizeLine(requireString(block.language, `${at}.language`)))?.[0];
      if (value === '') return undefined;
      return { type: 'code', value, ...(language === undefined ? {} : { language }) };
    }
    case 'quote': {
      const children = normalizeBlocks(block.children, `${at}.children`, depth + 1);
      const citation = optionalLine(block.citation, `${at}.citation`);
      if (children.length === 0) return undefined;
      return { type: 'quote', children, ...(citation === undefined ? {} : { citation }) };
    }
    case 'table':
      return normalizeTable(block, at, depth);
    case 'image': {
      const url = resolveContentUrl(requireString(block.url, `${at}.url`));
      const alt =
        block.alt === undefined || block.alt === null
          ? ''
          : normalizeLine(requireString(block.alt, `${at}.alt`));
      const title = optionalLine(block.title, `${at}.title`);
      if (url === undefined) return undefined;
      return { type: 'image', url, alt, ...(title === undefined ? {} : { title }) };
    }
    case 'video':
    case 'audio': {
      const url = resolveContentUrl(requireString(block.url, `${at}.url`));
      const title = optionalLine(block.title, `${at}.title`);
      if (url === undefined) return undefined;
      return { type: block.type, url, ...(title === undefined ? {} : { title }) };
    }
    case 'thematicBreak':
      return { type: 'thematicBreak' };
    default:
      fail(`${at}.type`, 'is not a block node type', block.type);
  }
}

function trimTrailingBlankLines(value: string): string {
  const lines = value.split('\n');
  while (lines.length > 0 && /^[ \t]*$/.test(lines[lines.length - 1] as string)) lines.pop();
  return lines.join('\n');
}

function normalizeList(
  block: Record<string, unknown>,
  at: string,
  depth: number,
): BlockNode | undefined {
  if (typeof block.ordered !== 'boolean') fail(`${at}.ordered`, 'must be a boolean', block.ordered);
  const items: BlockNode[][] = [];
  requireArray(block.items, `${at}.items`, depth + 1).forEach((item, index) => {
    const blocks = normalizeBlocks(item, `${at}.items[${index}]`, depth + 1);
    if (blocks.length > 0) items.push(blocks);
  });
  if (items.length === 0) return undefined;
  if (!block.ordered) return { type: 'list', ordered: false, items };
  let start = 1;
  if (block.start !== undefined && block.start !== null) {
    if (typeof block.start !== 'number' || !Number.isFinite(block.start)) {
      fail(`${at}.start`, 'must be a number', block.start);
    }
    // Markdown list numbers have at most nine digits, the last item's included.
    const highest = Math.max(0, MAX_LIST_START - (items.length - 1));
    start = Math.min(highest, Math.max(0, Math.trunc(block.start)));
  }
  return { type: 'list', ordered: true, ...(start === 1 ? {} : { start }), items };
}

function normalizeTable(
  block: Record<string, unknown>,
  at: string,
  depth: number,
): BlockNode | undefined {
  const normalizeRow = (row: unknown, path: string): InlineNode[][] =>
    requireArray(row, path, depth + 1).map((cell, index) =>
      normalizeBlockInlines(cell, `${path}[${index}]`, depth + 2),
    );
  const isEmpty = (row: InlineNode[][]): boolean => row.every((cell) => cell.length === 0);
  let header =
    block.header === undefined || block.header === null
      ? undefined
      : normalizeRow(block.header, `${at}.header`);
  const rows = requireArray(block.rows, `${at}.rows`, depth + 1)
    .map((row, index) => normalizeRow(row, `${at}.rows[${index}]`))
    .filter((row) => !isEmpty(row));
  if (header !== undefined && isEmpty(header)) header = undefined;
  if (header === undefined && rows.length === 0) return undefined;
  const columns = rows.reduce((widest, row) => Math.max(widest, row.length), header?.length ?? 0);
  const pad = (row: InlineNode[][]): InlineNode[][] =>
    row.length === columns
      ? row
      : [...row, ...Array.from({ length: columns - row.length }, () => [])];
  return {
    type: 'table',
    ...(header === undefined ? {} : { header: pad(header) }),
    rows: rows.map(pad),
  };
}
