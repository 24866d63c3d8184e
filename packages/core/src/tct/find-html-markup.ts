/**
 * HTML elements whose tags in an M-URL's `content` mean raw markup leaked through (TCT -01 §4:
 * "plain text (no raw HTML markup)"). A closed list, not any `<word>`: plain text may quote
 * generics (`List<String>`), placeholders (`<name>`) or arrows, and those are not markup.
 */
// prettier-ignore
const HTML_ELEMENTS = new Set([
  'a', 'abbr', 'address', 'article', 'aside', 'audio', 'b', 'blockquote', 'body', 'br', 'button',
  'canvas', 'caption', 'cite', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'embed',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header',
  'hr', 'html', 'i', 'iframe', 'img', 'input', 'ins', 'label', 'li', 'link', 'main', 'mark',
  'meta', 'nav', 'noscript', 'object', 'ol', 'p', 'picture', 'pre', 'q', 's', 'script',
  'section', 'select', 'small', 'source', 'span', 'strong', 'style', 'sub', 'summary', 'sup',
  'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'title', 'tr', 'u',
  'ul', 'video',
]);

/** An element tag: `<p>`, `</p>`, `<br/>`, `<a href="…">`; attributes hold no `<` or `>`. */
const TAG = /<\/?([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?\/?>/g;
const COMMENT_OR_DOCTYPE = /<!--[\s\S]*?-->|<!doctype\s[^<>]*>/i;

/**
 * The first raw HTML markup in a text (an element tag, a comment or a doctype), or `undefined`
 * when the text is plain. What the validator quotes as evidence.
 */
export function findHtmlMarkup(text: string): string | undefined {
  const special = COMMENT_OR_DOCTYPE.exec(text);
  let first = special ? { index: special.index, markup: special[0] } : undefined;
  for (const match of text.matchAll(TAG)) {
    if (first && match.index! > first.index) break;
    if (HTML_ELEMENTS.has(match[1]!.toLowerCase())) {
      first = { index: match.index!, markup: match[0] };
      break;
    }
  }
  return first && first.markup.length > 80 ? `${first.markup.slice(0, 77)}...` : first?.markup;
}
