import type { BlockNode, ContentTree, InlineNode } from './content-tree';
import {
  destination,
  encodeEdgeWhitespace,
  escapeAttribute,
  escapeInfo,
  escapeText,
  titlePart,
} from './escape-markdown-text';
import { normalizeContentTree } from './normalize-content-tree';
import { ONE_LINE, PARAGRAPH, renderInlines, TABLE_CELL } from './render-markdown-inlines';

/**
 * CommonMark + GFM for a ContentTree, written so that `parseMarkdown` reads back the same
 * (normalized) tree: ATX headings, `-` / `1.` lists (the marker alternates to `*` / `1)`
 * when two lists follow each other, so they stay two lists), fenced code with a fence longer
 * than any backtick run inside, GFM tables, `> ` quotes, `![alt](url "title")`,
 * `[text](url "title")`, `**strong**`, `*emphasis*`, `~~strikethrough~~`, code spans,
 * backslash hard breaks (`<br>` in headings and table cells, which cannot hold a line break).
 *
 * Text is escaped so it stays text: `\ ` * _ [ ] < | ~` always, line-start markers (`#`,
 * `>`, `-`, `+`, `=`, `:`, `1.`), entity-like `&`, and the `://`, `www.` and `@` that GFM
 * would turn into links. Where delimiter runs would not be read back as intended (CommonMark's
 * flanking rules around punctuation), formatting is written as `<strong>`, `<em>`, `<del>`,
 * `<code>` inline HTML, which `parseMarkdown` maps back. Video and audio have no Markdown
 * syntax and are written as `<video>` / `<audio>` elements. A quote's citation is written as
 * a last `— citation` paragraph inside the quote (it reads back as that paragraph). Leading
 * or trailing Unicode whitespace that Markdown would trim is written as a character reference.
 * Output ends with one newline (empty string for an empty tree).
 */
export function renderMarkdown(tree: ContentTree): string {
  const text = renderBlocks(normalizeContentTree(tree).children, false, false);
  return text === '' ? '' : `${text}\n`;
}

/**
 * `inListItem`: these blocks are one list item's content; `inList`: they are inside a list at
 * some depth, where marked turns every tab on a continuation line into spaces.
 */
function renderBlocks(blocks: BlockNode[], inListItem: boolean, inList: boolean): string {
  let out = '';
  let previousMarker: string | undefined;
  blocks.forEach((block, index) => {
    if (index > 0)
      out += tightlyFollows(blocks[index - 1] as BlockNode, block, inListItem) ? '\n' : '\n\n';
    if (block.type === 'list') {
      const marker = listMarker(block.ordered, previousMarker);
      out += renderList(block, marker);
      previousMarker = marker;
    } else {
      out += renderBlock(block, inListItem && index === 0, inList);
      previousMarker = undefined;
    }
  });
  return out;
}

/**
 * Inside a list item, a nested list goes right under the item's paragraph, keeping the list
 * tight; only a list that may interrupt a paragraph can (a bullet list, or one starting at 1).
 */
function tightlyFollows(previous: BlockNode, block: BlockNode, inListItem: boolean): boolean {
  return (
    inListItem &&
    previous.type === 'paragraph' &&
    block.type === 'list' &&
    (!block.ordered || block.start === undefined)
  );
}

function listMarker(ordered: boolean, previous: string | undefined): string {
  if (ordered) return previous === '.' ? ')' : '.';
  return previous === '-' ? '*' : '-';
}

function renderBlock(block: BlockNode, firstInListItem: boolean, inList: boolean): string {
  switch (block.type) {
    case 'paragraph':
      return renderInlines(block.children, { ...PARAGRAPH, inList })
        .split('\n')
        .map(encodeEdgeWhitespace)
        .join('\n');
    case 'heading': {
      let content = renderInlines(block.children, { ...ONE_LINE, inList });
      // A trailing `#` run would be read as the optional closing sequence.
      if (content.endsWith('#')) content = `${content.slice(0, -1)}\\#`;
      return `${'#'.repeat(block.level)} ${encodeEdgeWhitespace(content)}`;
    }
    case 'code':
      return inList && block.value.includes('\t')
        ? renderHtmlCodeBlock(block.value, block.language)
        : renderCodeBlock(block.value, block.language);
    case 'quote': {
      let body = renderBlocks(block.children, false, inList);
      if (block.citation !== undefined) {
        body += `\n\n${encodeEdgeWhitespace(`\u2014 ${escapeText(block.citation, false)}`)}`;
      }
      return body
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
    }
    case 'table':
      return renderTable(block, inList);
    case 'image':
      return `![${escapeText(block.alt, false, 'alt')}](${destination(block.url)}${titlePart(block.title)})`;
    case 'video':
    case 'audio': {
      const title = block.title === undefined ? '' : ` title="${escapeAttribute(block.title)}"`;
      return `<${block.type} controls src="${escapeAttribute(block.url)}"${title}></${block.type}>`;
    }
    case 'list':
      return renderList(block, listMarker(block.ordered, undefined));
    case 'thematicBreak':
      // `- ---` would be one thematic break, not a list item holding one.
      return firstInListItem ? '___' : '---';
  }
}

function renderList(list: Extract<BlockNode, { type: 'list' }>, marker: string): string {
  const first = list.start ?? 1;
  return list.items
    .map((item, index) => {
      const bullet = list.ordered ? `${first + index}${marker} ` : `${marker} `;
      const indent = ' '.repeat(bullet.length);
      return renderBlocks(item, true, true)
        .split('\n')
        .map((line, lineIndex) => {
          if (lineIndex === 0) return bullet + line;
          return line === '' ? '' : indent + line;
        })
        .join('\n');
    })
    .join('\n');
}

function renderCodeBlock(value: string, language: string | undefined): string {
  // An info string of a backtick fence cannot contain a backtick; use tildes then.
  const fenceChar = language?.includes('`') ? '~' : '`';
  const longestRun = runLengths(value, fenceChar).reduce(
    (longest, run) => Math.max(longest, run),
    0,
  );
  const fence = fenceChar.repeat(Math.max(3, longestRun + 1));
  const info = language === undefined ? '' : escapeInfo(language);
  return `${fence}${info}\n${value}\n${fence}`;
}

/**
 * Inside a list marked expands tabs on continuation lines, even in code; an HTML block can
 * carry them as `&#9;`. A newline after `<pre>` is dropped by HTML parsing, so one is added.
 */
function renderHtmlCodeBlock(value: string, language: string | undefined): string {
  const className = language === undefined ? '' : ` class="language-${escapeAttribute(language)}"`;
  const text = value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\t/g, '&#9;');
  return `<pre>\n<code${className}>${text}</code></pre>`;
}

function runLengths(value: string, char: string): number[] {
  const lengths: number[] = [];
  let run = 0;
  for (const c of value) {
    if (c === char) run += 1;
    else if (run > 0) {
      lengths.push(run);
      run = 0;
    }
  }
  if (run > 0) lengths.push(run);
  return lengths;
}

function renderTable(table: Extract<BlockNode, { type: 'table' }>, inList: boolean): string {
  const columns = table.header?.length ?? table.rows[0]?.length ?? 0;
  const header = table.header ?? Array.from({ length: columns }, () => []);
  const row = (cells: InlineNode[][]): string =>
    `| ${cells.map((cell) => escapeTablePipes(encodeEdgeWhitespace(renderInlines(cell, { ...TABLE_CELL, inList })))).join(' | ')} |`;
  return [
    row(header),
    `| ${Array.from({ length: columns }, () => '---').join(' | ')} |`,
    ...table.rows.map(row),
  ].join('\n');
}

/**
 * GFM splits a row on every `|` not preceded by a backslash, then turns `\|` into `|`, before
 * reading the cell as inline Markdown; so every pipe that is not already escaped gets one.
 */
function escapeTablePipes(cell: string): string {
  let out = '';
  let backslashes = 0;
  for (const c of cell) {
    if (c === '|' && backslashes % 2 === 0) out += '\\';
    out += c;
    backslashes = c === '\\' ? backslashes + 1 : 0;
  }
  return out;
}
