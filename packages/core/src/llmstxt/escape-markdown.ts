/**
 * Plain text placed into Markdown must read back as the same text, not as emphasis, links,
 * headings or list items. These helpers escape only what CommonMark would otherwise interpret,
 * so the output stays readable for models (`19.99` stays `19.99`, not `19\.99`).
 */

/** Collapse every run of whitespace (newlines included) into one space and trim. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Inline syntax: backslash, code spans, emphasis, strikethrough, links, autolinks/HTML. */
const INLINE_SIGNIFICANT = /[\\`*_~[\]<>]/g;
/** `&copy;`, `&#93;`, `&#x5d;` would be decoded as character references. */
const ENTITY_LIKE = /&(?=#?[A-Za-z0-9]+;)/g;

/** Escape characters that carry inline Markdown meaning anywhere in a line. */
export function escapeMarkdownInline(text: string): string {
  return text.replace(INLINE_SIGNIFICANT, '\\$&').replace(ENTITY_LIKE, '\\&');
}

/**
 * Escape a line's start where CommonMark would read a block construct: ATX headings, block
 * quotes, list bullets, ordered-list markers, setext underlines, fences and thematic breaks.
 * Leading indentation is dropped first (four spaces would start a code block).
 */
export function escapeMarkdownLineStart(line: string): string {
  const text = line.replace(/^[ \t]+/, '');
  if (/^[#>+=|-]/.test(text)) return `\\${text}`;
  const ordered = /^(\d{1,9})([.)])/.exec(text);
  if (ordered) return `${ordered[1]}\\${text.slice(ordered[1]!.length)}`;
  return text;
}

/** A single-line plain-text field (a title, a question): collapsed, then fully escaped. */
export function escapeMarkdownLine(text: string): string {
  return escapeMarkdownLineStart(escapeMarkdownInline(collapseWhitespace(text)));
}

/**
 * Multi-line plain text (a policy body, an answer): paragraphs are kept (blank lines), each
 * line is escaped, runs of blank lines become one, and the result is trimmed.
 */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => escapeMarkdownLineStart(escapeMarkdownInline(line.trim())))
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/** Heading text: a closing sequence of `#` would be stripped by CommonMark, so escape it. */
export function escapeMarkdownHeading(text: string): string {
  return escapeMarkdownInline(collapseWhitespace(text)).replace(/#+$/, (hashes) =>
    hashes.replace(/#/g, '\\#'),
  );
}

/**
 * A URL as a Markdown link destination. Normalized URIs have no spaces or angle brackets, but
 * parentheses are legal in RFC 3986 and would end `(…)` early (the llms.txt reference parser
 * stops at the first `)`), so they and anything else unsafe are percent-encoded.
 */
export function markdownLinkDestination(url: string): string {
  return url.replace(/[\s()<>\\\u0000-\u001f\u007f]/gu, (char) =>
    char === '(' ? '%28' : char === ')' ? '%29' : encodeURIComponent(char),
  );
}

/**
 * Link text for an llms.txt item. The reference parser reads the name as `[^\]]+`, so a `]`
 * (even backslash-escaped) would end it: it is written as the character reference `&#93;`,
 * which CommonMark decodes back to `]`. `[` and `\` get backslash escapes.
 */
export function escapeLlmsTxtLinkName(text: string): string {
  return collapseWhitespace(text)
    .replace(/[\\[]/g, '\\$&')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
    .replace(/]/g, '&#93;');
}
