import type { BlockNode, ContentTree, InlineNode } from './content-tree';
import { normalizeContentTree } from './normalize-content-tree';

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

// ---------------------------------------------------------------------------------------------
// Inline content

interface InlineContext {
  /** The content starts a line (block-start markers need escaping). */
  lineStart: boolean;
  /** The character just before the content, `\n` at a line start. */
  before: string;
  /** The character just after the content, `\n` at a line end. */
  after: string;
  /** Breaks as `\` + newline, or `<br>` where a line cannot end. */
  breakAs: 'newline' | 'html';
  inLink: boolean;
  inTable: boolean;
  /** Inside a list item: a tab would come back as spaces. */
  inList: boolean;
  /** Delimiter characters of the enclosing wrappers (whose runs marked counts across this). */
  enclosing: string;
}

const PARAGRAPH: InlineContext = {
  lineStart: true,
  before: '\n',
  after: '\n',
  breakAs: 'newline',
  inLink: false,
  inTable: false,
  inList: false,
  enclosing: '',
};
const ONE_LINE: InlineContext = { ...PARAGRAPH, lineStart: false, breakAs: 'html' };
const TABLE_CELL: InlineContext = { ...ONE_LINE, before: ' ', after: ' ', inTable: true };

/** Delimiters to try in order, and the inline HTML element to fall back to. */
const WRAPPER_SYNTAX = {
  strong: { delimiters: ['**'], tag: 'strong' },
  // `_` lets emphasis sit right inside or around `**` (`**_a_**`) without merging the runs.
  emphasis: { delimiters: ['*', '_'], tag: 'em' },
  strikethrough: { delimiters: ['~~'], tag: 'del' },
} as const;

function renderInlines(nodes: InlineNode[], context: InlineContext): string {
  // Parts are joined once at the end; reading the last character of a growing string would
  // flatten it every time.
  const parts: string[] = [];
  let previous = context.before;
  let atLineStart = context.lineStart;
  const add = (part: string): void => {
    parts.push(part);
    if (part !== '') previous = lastChar(part);
  };
  nodes.forEach((node, index) => {
    const next = nodes[index + 1];
    switch (node.type) {
      case 'text': {
        let text = escapeText(node.value, atLineStart, context.inLink ? 'link' : 'text');
        // `!` right before a link would make it an image.
        if (text.endsWith('!') && next?.type === 'link') text = `${text.slice(0, -1)}\\!`;
        add(text);
        break;
      }
      case 'inlineCode':
        add(renderCodeSpan(node.value, context));
        break;
      case 'break':
        add(context.breakAs === 'newline' ? '\\\n' : '<br>');
        atLineStart = context.breakAs === 'newline';
        return;
      case 'link': {
        const inner = renderInlines(node.children, {
          ...context,
          lineStart: false,
          before: '[',
          after: ']',
          // marked's link label pattern does not cross a backslash line break.
          breakAs: 'html',
          inLink: true,
          // marked reads link text on its own, away from the runs around the link.
          enclosing: '',
        });
        add(`[${inner}](${destination(node.url)}${titlePart(node.title)})`);
        break;
      }
      default:
        add(renderWrapper(node, previous, nextChar(next, context), context));
    }
    atLineStart = false;
  });
  return parts.join('');
}

/** The first character `node` will render as (pessimistic for wrappers: their delimiter). */
function nextChar(node: InlineNode | undefined, context: InlineContext): string {
  if (node === undefined) return context.after;
  switch (node.type) {
    case 'text':
      return firstChar(escapeText(node.value, false, context.inLink ? 'link' : 'text'));
    case 'inlineCode':
      return '`';
    case 'break':
      return context.breakAs === 'newline' ? '\\' : '<';
    case 'link':
      return '[';
    // A wrapper's delimiter or `<`, whichever it ends up with: the worst case for the caller.
    case 'strikethrough':
      return '~';
    case 'strong':
      return '*';
    case 'emphasis':
      return WRAPPER_CLASH;
  }
}

function renderWrapper(
  node: Extract<InlineNode, { type: 'strong' | 'emphasis' | 'strikethrough' }>,
  before: string,
  after: string,
  context: InlineContext,
): string {
  const { delimiters, tag } = WRAPPER_SYNTAX[node.type];
  for (const delimiter of delimiters) {
    const char = delimiter[0] as string;
    const inner = renderInlines(node.children, {
      ...context,
      lineStart: false,
      before: char,
      after: char,
      enclosing: context.enclosing + char,
    });
    const strict = context.enclosing.includes(char);
    if (canUseDelimiters(inner, before, after, char, strict))
      return `${delimiter}${inner}${delimiter}`;
  }
  const html = renderInlines(node.children, {
    ...context,
    lineStart: false,
    before: '>',
    after: '<',
  });
  return `<${tag}>${html}</${tag}>`;
}

/** Stands for a following wrapper's first character, which is not known yet. */
const WRAPPER_CLASH = '\u0000';

const PUNCTUATION = /^[\p{P}\p{S}]$/u;
const WHITESPACE = /^\s$/u;

function isWhitespace(char: string): boolean {
  return char === '' || WHITESPACE.test(char);
}

function isPunctuation(char: string): boolean {
  return PUNCTUATION.test(char);
}

/**
 * Whether `delimiter inner delimiter` between `before` and `after` reads back as this one
 * wrapper under marked's emphasis matching, which follows CommonMark's flanking rules but
 * counts delimiter runs with a shortcut: a run that can both open and close inside an
 * enclosing wrapper of the same character upsets the count. So:
 *
 * - never next to the same character (the runs would merge), never whitespace inside the ends;
 * - `*`: the opening run left-flanking, the closing run right-flanking; `_`: also no letter
 *   or digit outside (no intraword `_`);
 * - `strict` (an enclosing wrapper uses the same character): each run one-sided only, i.e.
 *   whitespace outside, or punctuation outside and a letter inside;
 * - marked does not count `*`, `_` or `~` before an opener as punctuation, nor (GFM) `~`
 *   after a closer; inside, `~` counts as punctuation: the stricter reading each time;
 * - `~~` closes at the first `~~` and does not cross a backslash line break, so neither may
 *   be inside.
 */
function canUseDelimiters(
  inner: string,
  outsideBefore: string,
  after: string,
  char: string,
  strict: boolean,
): boolean {
  // marked takes the character before an opener as the last UTF-16 unit of the previous
  // token, so an astral symbol there (an emoji) is half a surrogate pair: no punctuation.
  const before = outsideBefore.length > 1 ? 'a' : outsideBefore;
  const first = firstChar(inner);
  const last = lastChar(inner);
  if (isWhitespace(first) || isWhitespace(last)) return false;
  if (char === '~') return !/[~\n]/.test(inner) && before !== '~' && after !== '~';
  if (
    first === char ||
    last === char ||
    before === char ||
    after === char ||
    after === WRAPPER_CLASH
  ) {
    return false;
  }
  const spaceBefore = isWhitespace(before);
  const spaceAfter = isWhitespace(after);
  const punctuationBefore = isPunctuation(before) && !'*_~'.includes(before);
  const punctuationAfter = isPunctuation(after) && after !== '~';
  const letterFirst = !isPunctuation(first);
  const letterLast = !isPunctuation(last);
  if (strict) {
    return (
      (spaceBefore || (punctuationBefore && letterFirst)) &&
      (spaceAfter || (punctuationAfter && letterLast))
    );
  }
  // Left-flanking opener, right-flanking closer.
  const opens = spaceBefore || punctuationBefore || letterFirst;
  const closes = spaceAfter || punctuationAfter || letterLast;
  if (char === '*') return opens && closes;
  const noLetterOutside =
    (spaceBefore || isPunctuation(before)) && (spaceAfter || isPunctuation(after));
  return opens && closes && noLetterOutside;
}

function renderCodeSpan(value: string, context: InlineContext): string {
  // marked finds emphasis delimiters on a copy of the line where single-backtick code spans are
  // masked; a span holding backticks is masked wrongly, so it is written as `<code>` instead.
  // Likewise brackets inside link text (the link mask) and `|` in a table cell (which a code
  // span cannot escape).
  // A backslash before an astral symbol (`\😀`) is masked as two characters for three code
  // units, which shifts marked's delimiter positions; `<code>` avoids that too.
  if (
    value.includes('`') ||
    (context.inList && value.includes('\t')) ||
    /\\[\u{10000}-\u{10FFFF}]/u.test(value) ||
    (context.inLink && /[[\]]/.test(value)) ||
    (context.inTable && value.includes('|'))
  ) {
    const text = escapeText(value, false, context.inLink ? 'link' : 'text').replace(/\t/g, '&#9;');
    return `<code>${text}</code>`;
  }
  // CommonMark strips one space from each end when both have one. A padded span keeps a
  // trailing backslash away from the closing backtick, which marked would otherwise mask.
  const pad =
    /[^ ]/.test(value) && ((value.startsWith(' ') && value.endsWith(' ')) || value.endsWith('\\'))
      ? ' '
      : '';
  return `\`${pad}${value}${pad}\``;
}

// ---------------------------------------------------------------------------------------------
// Escaping

/** Always escaped, plus `&` where it would start a character reference. */
const ESCAPED =
  /[\\`*_[\]<|~]|&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g;
const ENTITY_LIKE_AMPERSAND =
  /&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g;

type TextPlace = 'text' | 'link' | 'alt';

/**
 * Escapes text so Markdown reads it back as the same text. In link text and image alt,
 * brackets are written as character references: marked removes the backslash from `\[` and
 * `\]` there before it reads the text again, which would turn `\[\]()` into a link. GFM
 * autolinks are not looked for inside link text, so `://`, `www.` and `@` stay as they are.
 */
function escapeText(text: string, lineStart: boolean, place: TextPlace = 'text'): string {
  const label = place !== 'text';
  let out = text.replace(ESCAPED, (char) => {
    if (label && char === '[') return '&#91;';
    if (label && char === ']') return '&#93;';
    return `\\${char}`;
  });
  if (place !== 'link') {
    out = out
      .replace(/(https?|ftp)(?=:\/\/)/gi, '$1\\')
      .replace(/(www)(?=\.)/gi, '$1\\')
      .replace(/([A-Za-z0-9._+-])@/g, '$1\\@');
  }
  return lineStart ? escapeLineStart(out) : out;
}

/**
 * Text that starts a line must not start a block: an ATX heading, a quote, a list item
 * (`-`, `+`, `1.`, `1)` followed by whitespace or the line end; marked counts Unicode
 * whitespace there), or a line that is all dashes,
 * equals signs or colons (thematic break, setext underline, table delimiter row).
 */
function escapeLineStart(text: string): string {
  if (
    /^#{1,6}(?=\s|$)/u.test(text) ||
    /^[>]/.test(text) ||
    /^[-+](?=\s|$)/u.test(text) ||
    /^[-=:][-=:\s]*$/u.test(text)
  ) {
    return `\\${text}`;
  }
  const ordered = /^(\d{1,9})([.)])(?=\s|$)/u.exec(text);
  if (ordered) return `${ordered[1] as string}\\${text.slice((ordered[1] as string).length)}`;
  return text;
}

function escapeInfo(language: string): string {
  return language.replace(/\\/g, '\\\\').replace(ENTITY_LIKE_AMPERSAND, '&amp;');
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Spaces, parentheses, angle brackets, backslashes and controls need the `<…>` form; inside it
 * parentheses are escaped too, so that marked's link mask (which balances one level of
 * parentheses) still covers the whole link.
 */

const NEEDS_ANGLE_BRACKETS = /[\s()<>\\\u0000-\u001F\u007F]/;

function destination(url: string): string {
  const escaped = url.replace(ENTITY_LIKE_AMPERSAND, '&amp;');
  if (NEEDS_ANGLE_BRACKETS.test(escaped)) return `<${escaped.replace(/[<>()\\]/g, '\\$&')}>`;
  return escaped;
}

/**
 * Titles write every character that could end the title or the link, or start markup, as a
 * character reference: marked's title pattern mistakes `\\"` for an escaped quote, so
 * backslash escapes are avoided here altogether.
 */
function titlePart(title: string | undefined): string {
  if (title === undefined) return '';
  const escaped = title
    .replace(ENTITY_LIKE_AMPERSAND, '&amp;')
    .replace(/["\\()*_~[\]`<>|]/g, (char) => `&#${char.charCodeAt(0)};`);
  return ` "${escaped}"`;
}

/** Markdown trims Unicode whitespace at line and cell edges; write it as references there. */
function encodeEdgeWhitespace(line: string): string {
  let start = 0;
  let end = line.length;
  while (start < end && WHITESPACE.test(line[start] as string)) start += 1;
  while (end > start && WHITESPACE.test(line[end - 1] as string)) end -= 1;
  if (start === 0 && end === line.length) return line;
  return reference(line.slice(0, start)) + line.slice(start, end) + reference(line.slice(end));
}

function reference(whitespace: string): string {
  let out = '';
  for (const char of whitespace)
    out += `&#x${(char.codePointAt(0) as number).toString(16).toUpperCase()};`;
  return out;
}

function firstChar(text: string): string {
  const code = text.codePointAt(0);
  return code === undefined ? '' : String.fromCodePoint(code);
}

function lastChar(text: string): string {
  if (text === '') return '';
  const last = text.charCodeAt(text.length - 1);
  const isLowSurrogate = last >= 0xdc00 && last <= 0xdfff;
  return isLowSurrogate && text.length >= 2 ? text.slice(-2) : text.slice(-1);
}
