/**
 * Escaping for `renderMarkdown`: text that stays text, link destinations and titles, code
 * info strings, attributes, and the whitespace Markdown would trim at line edges.
 */

/** Unicode whitespace, as CommonMark and marked read it. */
export const WHITESPACE = /^\s$/u;

/** Always escaped, plus `&` where it would start a character reference. */
const ESCAPED =
  /[\\`*_[\]<|~]|&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g;
const ENTITY_LIKE_AMPERSAND =
  /&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g;

export type TextPlace = 'text' | 'link' | 'alt';

/**
 * Escapes text so Markdown reads it back as the same text. In link text and image alt,
 * brackets are written as character references: marked removes the backslash from `\[` and
 * `\]` there before it reads the text again, which would turn `\[\]()` into a link. GFM
 * autolinks are not looked for inside link text, so `://`, `www.` and `@` stay as they are.
 */
export function escapeText(text: string, lineStart: boolean, place: TextPlace = 'text'): string {
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

export function escapeInfo(language: string): string {
  return language.replace(/\\/g, '\\\\').replace(ENTITY_LIKE_AMPERSAND, '&amp;');
}

export function escapeAttribute(value: string): string {
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

export function destination(url: string): string {
  const escaped = url.replace(ENTITY_LIKE_AMPERSAND, '&amp;');
  if (NEEDS_ANGLE_BRACKETS.test(escaped)) return `<${escaped.replace(/[<>()\\]/g, '\\$&')}>`;
  return escaped;
}

/**
 * Titles write every character that could end the title or the link, or start markup, as a
 * character reference: marked's title pattern mistakes `\\"` for an escaped quote, so
 * backslash escapes are avoided here altogether.
 */
export function titlePart(title: string | undefined): string {
  if (title === undefined) return '';
  const escaped = title
    .replace(ENTITY_LIKE_AMPERSAND, '&amp;')
    .replace(/["\\()*_~[\]`<>|]/g, (char) => `&#${char.charCodeAt(0)};`);
  return ` "${escaped}"`;
}

/** Markdown trims Unicode whitespace at line and cell edges; write it as references there. */
export function encodeEdgeWhitespace(line: string): string {
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

export function firstChar(text: string): string {
  const code = text.codePointAt(0);
  return code === undefined ? '' : String.fromCodePoint(code);
}

export function lastChar(text: string): string {
  if (text === '') return '';
  const last = text.charCodeAt(text.length - 1);
  const isLowSurrogate = last >= 0xdc00 && last <= 0xdfff;
  return isLowSurrogate && text.length >= 2 ? text.slice(-2) : text.slice(-1);
}
