import he from 'he';
import { Parser as HtmlTokenParser } from 'htmlparser2';
import { Lexer, getDefaults, type Token, type Tokens } from 'marked';
import type { BlockNode, ContentTree, HeadingLevel, InlineNode, ResolveUrl } from './content-tree';
import { MAX_PARSE_DEPTH, type ParseContentOptions } from './content-options';
import { ContentParseError, fieldName, requireContentString } from './content-errors';
import {
  attribute,
  CODE_ELEMENTS,
  DROPPED_ELEMENTS,
  FORMATTING_ELEMENTS,
  imageFromAttributes,
  mediaFromAttributes,
  VOID_ELEMENTS,
  type Attributes,
} from './html-elements';
import {
  blockMarker,
  inlinePlainText,
  segmentsToBlocks,
  segmentsToInlines,
  wrapSegments,
  type Segment,
} from './inline-segments';
import { normalizeContentTree, normalizeLine } from './normalize-content-tree';
import { htmlToBlocks } from './parse-html';
import { resolveContentUrl } from './resolve-content-url';

/**
 * Parses CommonMark + GFM (tables, strikethrough, autolinks, task lists) with marked's lexer
 * into a ContentTree; marked's HTML renderer is never used. Entity references are decoded as
 * CommonMark says (only with the closing `;`). An image inside a paragraph or heading splits
 * it; inside a table cell it becomes its alt text. Block HTML goes through the HTML parser.
 * Inline HTML tags are stripped, keeping the text between them, except that `<br>` is a
 * break, `<strong>/<b>/<em>/<i>/<del>/<s>/<code>/<a href>` keep their meaning, `<img>`,
 * `<video>`, `<audio>`, `<iframe>` become media blocks, and the contents of `<script>`,
 * `<style>` and the other dropped elements are dropped. Task-list checkboxes are not kept.
 */
export function parseMarkdown(markdown: string, options?: ParseContentOptions): ContentTree {
  const source = requireContentString(markdown, 'Markdown', options);
  let tokens: Token[];
  try {
    tokens = createLexer().lex(source);
  } catch (cause) {
    const field = fieldName(options);
    throw new ContentParseError(
      'content.markdown_failed',
      `${field} could not be lexed as Markdown`,
      {
        field,
        rule: 'CommonMark + GFM (marked)',
        cause,
      },
    );
  }
  return normalizeContentTree({
    children: new MarkdownConverter(options?.resolveUrl).blocks(tokens, 0),
  });
}

/**
 * marked's inline lexer takes quadratic time on some long runs (thousands of unclosed
 * backticks or asterisks). A run of inline text longer than this (far beyond any real
 * paragraph) is kept as plain text instead of being lexed.
 */
const MAX_INLINE_LEXED_LENGTH = 10_000;

function createLexer(): Lexer {
  // A fresh options object, so extensions someone registered on the global `marked` do not
  // change what we parse.
  const lexer = new Lexer({ ...getDefaults(), gfm: true, breaks: false, pedantic: false });
  const inlineTokens = lexer.inlineTokens.bind(lexer);
  lexer.inlineTokens = (src: string, tokens: Token[] = []): Token[] => {
    if (src.length <= MAX_INLINE_LEXED_LENGTH) return inlineTokens(src, tokens);
    tokens.push({ type: 'text', raw: src, text: src });
    return tokens;
  };
  return lexer;
}

const ENTITY_REFERENCE = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/** CommonMark entity decoding: named and numeric references, always with the `;`. */
export function decodeEntityReferences(value: string): string {
  return value.includes('&')
    ? value.replace(ENTITY_REFERENCE, (reference) => he.decode(reference))
    : value;
}

function text(value: string): InlineNode {
  return { type: 'text', value };
}

/** Text of tokens too deeply nested to keep their structure, collected without recursion. */
function tokensText(tokens: Token[]): string {
  let out = '';
  const stack: Token[] = [...tokens].reverse();
  while (stack.length > 0) {
    const token = stack.pop() as Token;
    const children: Token[] | undefined =
      token.type === 'list' ? (token as Tokens.List).items : (token as Tokens.Generic).tokens;
    if (Array.isArray(children) && children.length > 0) {
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Token);
    } else if (typeof (token as Tokens.Generic).text === 'string') {
      out += ` ${(token as Tokens.Generic).text as string} `;
    }
  }
  return out;
}

/**
 * `> — Author` as the last paragraph of a quote (after at least one other block) is its
 * citation, the convention `renderMarkdown` writes.
 */
function quoteWithCitation(children: BlockNode[]): BlockNode {
  const last = children[children.length - 1];
  if (children.length > 1 && last?.type === 'paragraph') {
    const text = normalizeLine(inlinePlainText(last.children));
    if (text.startsWith('\u2014 ') && text.length > 2) {
      return { type: 'quote', children: children.slice(0, -1), citation: text.slice(2) };
    }
  }
  return { type: 'quote', children };
}

type TagInfo =
  { kind: 'open'; name: string; attributes: Attributes } | { kind: 'close'; name: string };

const CLOSING_TAG = /^<\/([A-Za-z][A-Za-z0-9:-]*)\s*>$/;

/** Reads one inline HTML token (`<a href="x">`, `</b>`); comments and the like give undefined. */
function readTag(html: string): TagInfo | undefined {
  const closing = CLOSING_TAG.exec(html);
  if (closing) return { kind: 'close', name: (closing[1] as string).toLowerCase() };
  let tag: TagInfo | undefined;
  const parser = new HtmlTokenParser(
    {
      onopentag(name, attributes) {
        tag ??= { kind: 'open', name, attributes };
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return tag;
}

interface Frame {
  /** The tag that opened it; its closing tag closes the frame. */
  tag: string;
  segments: Segment[];
  close: (segments: Segment[]) => Segment[];
}

class MarkdownConverter {
  constructor(private readonly resolveUrl: ResolveUrl | undefined) {}

  blocks(tokens: Token[], depth: number): BlockNode[] {
    const out: BlockNode[] = [];
    for (const token of tokens) {
      if (depth > MAX_PARSE_DEPTH) {
        out.push({ type: 'paragraph', children: [text(tokensText([token]))] });
        continue;
      }
      out.push(...this.block(token, depth + 1));
    }
    return out;
  }

  private block(token: Token, depth: number): BlockNode[] {
    switch (token.type) {
      case 'space':
      case 'def':
        return [];
      case 'paragraph':
        return segmentsToBlocks(this.inline(token.tokens ?? [], depth));
      case 'text':
        // Tight list items hold block-level text tokens that carry their inline tokens.
        return segmentsToBlocks(
          Array.isArray(token.tokens)
            ? this.inline(token.tokens, depth)
            : [text(decodeEntityReferences(token.text))],
        );
      case 'heading': {
        const heading = token as Tokens.Heading;
        const level = Math.min(6, Math.max(1, heading.depth)) as HeadingLevel;
        return segmentsToBlocks(this.inline(heading.tokens, depth), (children) => ({
          type: 'heading',
          level,
          children,
        }));
      }
      case 'code': {
        const language = /\S+/.exec(decodeEntityReferences(token.lang ?? ''))?.[0];
        return [
          { type: 'code', value: token.text, ...(language === undefined ? {} : { language }) },
        ];
      }
      case 'blockquote':
        return [quoteWithCitation(this.blocks((token as Tokens.Blockquote).tokens, depth))];
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        return [
          {
            type: 'list',
            ordered: list.ordered,
            ...(list.ordered ? { start } : {}),
            items: list.items.map((item) => this.blocks(item.tokens, depth)),
          },
        ];
      }
      case 'table': {
        const table = token as Tokens.Table;
        const cell = (tableCell: Tokens.TableCell): InlineNode[] =>
          segmentsToInlines(this.inline(tableCell.tokens, depth));
        return [
          {
            type: 'table',
            header: table.header.map(cell),
            rows: table.rows.map((row) => row.map(cell)),
          },
        ];
      }
      case 'hr':
        return [{ type: 'thematicBreak' }];
      case 'html':
        return htmlToBlocks(token.text, this.resolveUrl);
      default: {
        const generic = token as Tokens.Generic;
        if (Array.isArray(generic.tokens))
          return segmentsToBlocks(this.inline(generic.tokens, depth));
        return typeof generic.text === 'string'
          ? [{ type: 'paragraph', children: [text(generic.text)] }]
          : [];
      }
    }
  }

  /** Inline tokens to segments; inline HTML tags open and close frames across the tokens. */
  inline(tokens: Token[], depth: number): Segment[] {
    const root: Segment[] = [];
    const frames: Frame[] = [];
    const target = (): Segment[] => frames[frames.length - 1]?.segments ?? root;
    const closeTop = (): void => {
      const frame = frames.pop() as Frame;
      target().push(...frame.close(frame.segments));
    };
    for (const token of tokens) {
      if (depth > MAX_PARSE_DEPTH) {
        target().push(text(tokensText([token])));
      } else if (token.type === 'html') {
        this.inlineHtml(token.text, frames, target, closeTop);
      } else {
        target().push(...this.inlineToken(token, depth + 1));
      }
    }
    while (frames.length > 0) closeTop();
    return root;
  }

  private inlineToken(token: Token, depth: number): Segment[] {
    switch (token.type) {
      case 'text':
        return Array.isArray(token.tokens)
          ? this.inline(token.tokens, depth)
          : [text(decodeEntityReferences(token.text))];
      case 'escape':
        return [text(token.text)];
      case 'codespan':
        return [{ type: 'inlineCode', value: token.text }];
      case 'br':
        return [{ type: 'break' }];
      case 'strong':
      case 'em':
      case 'del': {
        const type =
          token.type === 'strong' ? 'strong' : token.type === 'em' ? 'emphasis' : 'strikethrough';
        const children = this.inline(
          (token as Tokens.Strong | Tokens.Em | Tokens.Del).tokens,
          depth,
        );
        return wrapSegments(children, (wrapped) => ({ type, children: wrapped }));
      }
      case 'link': {
        const children = this.inline((token as Tokens.Link).tokens, depth);
        const url = resolveContentUrl(decodeEntityReferences(token.href), this.resolveUrl);
        if (url === undefined) return children;
        const title = token.title ? decodeEntityReferences(token.title) : undefined;
        return wrapSegments(children, (linkChildren) => ({
          type: 'link',
          url,
          ...(title === undefined ? {} : { title }),
          children: linkChildren,
        }));
      }
      case 'image': {
        const url = resolveContentUrl(decodeEntityReferences(token.href), this.resolveUrl);
        if (url === undefined) return [];
        const alt = inlinePlainText(this.inline(token.tokens ?? [], depth));
        const title = token.title ? decodeEntityReferences(token.title) : undefined;
        return [
          blockMarker({ type: 'image', url, alt, ...(title === undefined ? {} : { title }) }),
        ];
      }
      default: {
        const generic = token as Tokens.Generic;
        if (Array.isArray(generic.tokens)) return this.inline(generic.tokens, depth);
        return typeof generic.text === 'string' ? [text(generic.text)] : [];
      }
    }
  }

  private inlineHtml(
    html: string,
    frames: Frame[],
    target: () => Segment[],
    closeTop: () => void,
  ): void {
    const tag = readTag(html);
    if (tag === undefined) return;
    const tags = frames.map((frame) => frame.tag);
    // Inside a dropped element (`<script>`…) only its own closing tag means anything.
    const dropped = tags.findIndex((name) => DROPPED_ELEMENTS.has(name));
    if (tag.kind === 'close') {
      const index = tags.lastIndexOf(tag.name);
      if (index === -1 || (dropped !== -1 && index !== dropped)) return;
      while (frames.length > index) closeTop();
      return;
    }
    if (dropped !== -1) return;
    const { name, attributes } = tag;
    const push = (close: Frame['close']): void => {
      frames.push({ tag: name, segments: [], close });
    };
    const formatting = FORMATTING_ELEMENTS.get(name);
    if (formatting !== undefined) {
      push((segments) => wrapSegments(segments, (children) => ({ type: formatting, children })));
    } else if (CODE_ELEMENTS.has(name)) {
      push((segments) => [{ type: 'inlineCode', value: inlinePlainText(segments) }]);
    } else if (name === 'a') {
      const url = resolveContentUrl(attributes.href, this.resolveUrl);
      const title = attribute(attributes, 'title');
      push((segments) =>
        url === undefined
          ? segments
          : wrapSegments(segments, (children) => ({
              type: 'link',
              url,
              ...(title === undefined ? {} : { title }),
              children,
            })),
      );
    } else if (DROPPED_ELEMENTS.has(name)) {
      if (!VOID_ELEMENTS.has(name)) push(() => []);
    } else if (name === 'br') {
      target().push({ type: 'break' });
    } else if (name === 'img') {
      const image = imageFromAttributes(attributes, this.resolveUrl);
      if (image !== undefined) target().push(blockMarker(image));
    } else if (name === 'video' || name === 'audio' || name === 'iframe') {
      const media = mediaFromAttributes(
        name === 'audio' ? 'audio' : 'video',
        attributes.src,
        attributes,
        this.resolveUrl,
      );
      if (media !== undefined) target().push(blockMarker(media));
    }
  }
}
