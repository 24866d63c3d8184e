import { marked } from 'marked';

/**
 * Demote the top-level headings of a Markdown fragment by `levels` (capped at H6), so a body
 * written with its own `#` headings nests under the page's sections. ATX and setext headings
 * become ATX; headings inside block quotes or lists are left alone. The rest of the text is
 * kept byte for byte: marked's top-level tokens carry their source (`raw`), and when they do
 * not add up to the input the fragment is returned unchanged.
 */
export function shiftMarkdownHeadings(markdown: string, levels: number): string {
  if (levels <= 0) return markdown;
  let tokens: ReturnType<typeof marked.lexer>;
  try {
    tokens = marked.lexer(markdown, { gfm: true });
  } catch {
    return markdown;
  }
  if (tokens.map((token) => token.raw).join('') !== markdown) return markdown;
  return tokens
    .map((token) => {
      if (token.type !== 'heading') return token.raw;
      const depth = Math.min(6, (token as { depth: number }).depth + levels);
      const trailing = /\n*$/.exec(token.raw)![0];
      const text = (token as { text: string }).text.replace(/\n/g, ' ');
      return `${'#'.repeat(depth)} ${text}${trailing}`;
    })
    .join('');
}
