import type { InlineNode } from './content-tree';
import {
  destination,
  escapeText,
  firstChar,
  lastChar,
  titlePart,
  WHITESPACE,
} from './escape-markdown-text';

/**
 * Inline content for `renderMarkdown`: text, links, images, code spans and the wrappers
 * (strong, emphasis, strikethrough) as delimiter runs where CommonMark reads them back as
 * intended, as inline HTML where it would not.
 */

export interface InlineContext {
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

export const PARAGRAPH: InlineContext = {
  lineStart: true,
  before: '\n',
  after: '\n',
  breakAs: 'newline',
  inLink: false,
  inTable: false,
  inList: false,
  enclosing: '',
};
export const ONE_LINE: InlineContext = { ...PARAGRAPH, lineStart: false, breakAs: 'html' };
export const TABLE_CELL: InlineContext = { ...ONE_LINE, before: ' ', after: ' ', inTable: true };

/** Delimiters to try in order, and the inline HTML element to fall back to. */
const WRAPPER_SYNTAX = {
  strong: { delimiters: ['**'], tag: 'strong' },
  // `_` lets emphasis sit right inside or around `**` (`**_a_**`) without merging the runs.
  emphasis: { delimiters: ['*', '_'], tag: 'em' },
  strikethrough: { delimiters: ['~~'], tag: 'del' },
} as const;

export function renderInlines(nodes: InlineNode[], context: InlineContext): string {
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
