import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { BlockNode, ContentTree, InlineNode, ResolveUrl } from './content-tree';
import { MAX_PARSE_DEPTH, type ParseContentOptions } from './content-options';
import { requireContentString } from './content-errors';
import {
  attribute,
  BLOCK_CONTAINERS,
  CODE_ELEMENTS,
  DROPPED_ELEMENTS,
  FORMATTING_ELEMENTS,
  HEADING_LEVELS,
  imageFromAttributes,
  languageFromClass,
  mediaFromAttributes,
} from './html-elements';
import {
  blockMarker,
  segmentsToBlocks,
  segmentsToInlines,
  wrapSegments,
  type Segment,
} from './inline-segments';
import { normalizeContentTree } from './normalize-content-tree';
import { resolveContentUrl } from './resolve-content-url';

/**
 * Parses an HTML body (a fragment or a whole document) into a ContentTree with htmlparser2,
 * which decodes entities. Scripts, styles, templates, `<head>`, SVG/MathML, navigation, forms
 * and comments are dropped with their contents; `div`/`section`/`article`/`main`… are
 * transparent containers; unknown elements are transparent inline. Whitespace outside `<pre>`
 * is collapsed as a browser would. `<iframe>` is taken as an embedded video. A `<figcaption>`
 * becomes the citation of the quote or the title of the single image/video/audio in its
 * figure, otherwise a paragraph after it.
 */
export function parseHtml(html: string, options?: ParseContentOptions): ContentTree {
  const source = requireContentString(html, 'HTML', options);
  return normalizeContentTree({ children: htmlToBlocks(source, options?.resolveUrl) });
}

/** The blocks of an HTML string, not yet normalized (for HTML blocks inside Markdown). */
export function htmlToBlocks(html: string, resolveUrl: ResolveUrl | undefined): BlockNode[] {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  return new HtmlConverter(resolveUrl).blocks(document.children, 0);
}

const WHITESPACE_RUN = /[\t\n\f\r ]+/g;

function collapse(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ');
}

function text(value: string): InlineNode {
  return { type: 'text', value };
}

function isWhitespaceText(node: ChildNode): boolean {
  return isText(node) && /^[\t\n\f\r ]*$/.test(node.data);
}

/**
 * The text inside an element, without recursion (the element may be nested arbitrarily deep).
 * Dropped elements are skipped; `<br>` is a newline.
 */
function textContent(root: Element): string {
  let out = '';
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as ChildNode;
    if (isText(node)) out += node.data;
    else if (isTag(node) && !DROPPED_ELEMENTS.has(node.name)) {
      if (node.name === 'br') out += '\n';
      else
        for (let i = node.children.length - 1; i >= 0; i--)
          stack.push(node.children[i] as ChildNode);
    }
  }
  return out;
}

function childElements(element: Element, name: string): Element[] {
  return element.children.filter((child): child is Element => isTag(child) && child.name === name);
}

class HtmlConverter {
  constructor(private readonly resolveUrl: ResolveUrl | undefined) {}

  blocks(nodes: ChildNode[], depth: number): BlockNode[] {
    return segmentsToBlocks(this.segments(nodes, depth));
  }

  segments(nodes: ChildNode[], depth: number): Segment[] {
    const out: Segment[] = [];
    for (const node of nodes) {
      if (isText(node)) out.push(text(collapse(node.data)));
      else if (isTag(node)) out.push(...this.element(node, depth + 1));
      // Comments, doctypes, processing instructions and CDATA are not content.
    }
    return out;
  }

  private element(element: Element, depth: number): Segment[] {
    const name = element.name;
    if (DROPPED_ELEMENTS.has(name)) return [];
    if (depth > MAX_PARSE_DEPTH) return [text(collapse(textContent(element)))];
    const attributes = element.attribs;
    const level = HEADING_LEVELS.get(name);
    if (level !== undefined) {
      return segmentsToBlocks(this.segments(element.children, depth), (children) => ({
        type: 'heading',
        level,
        children,
      })).map(blockMarker);
    }
    const formatting = FORMATTING_ELEMENTS.get(name);
    if (formatting !== undefined) {
      return wrapSegments(this.segments(element.children, depth), (children) => ({
        type: formatting,
        children,
      }));
    }
    if (CODE_ELEMENTS.has(name))
      return [{ type: 'inlineCode', value: collapse(textContent(element)) }];
    switch (name) {
      case 'br':
        return [{ type: 'break' }];
      case 'hr':
        return [blockMarker({ type: 'thematicBreak' })];
      case 'a':
        return this.link(element, depth);
      case 'img':
        return optionalMarker(imageFromAttributes(attributes, this.resolveUrl));
      case 'video':
      case 'audio': {
        const source =
          attributes.src ??
          childElements(element, 'source').find((child) => child.attribs.src)?.attribs.src;
        return optionalMarker(mediaFromAttributes(name, source, attributes, this.resolveUrl));
      }
      case 'iframe':
        return optionalMarker(
          mediaFromAttributes('video', attributes.src, attributes, this.resolveUrl),
        );
      case 'ul':
      case 'ol':
        return [blockMarker(this.list(element, depth))];
      case 'pre':
        return [blockMarker(this.code(element))];
      case 'blockquote':
        return [blockMarker(this.quote(element, depth))];
      case 'table':
        return this.table(element, depth);
      case 'figure':
        return this.figure(element, depth).map(blockMarker);
      default:
        if (BLOCK_CONTAINERS.has(name))
          return this.blocks(element.children, depth).map(blockMarker);
        return this.segments(element.children, depth);
    }
  }

  private link(element: Element, depth: number): Segment[] {
    const children = this.segments(element.children, depth);
    const url = resolveContentUrl(element.attribs.href, this.resolveUrl);
    if (url === undefined) return children;
    const title = attribute(element.attribs, 'title');
    return wrapSegments(children, (linkChildren) => ({
      type: 'link',
      url,
      ...(title === undefined ? {} : { title }),
      children: linkChildren,
    }));
  }

  private list(element: Element, depth: number): BlockNode {
    const items: BlockNode[][] = [];
    for (const child of element.children) {
      if (isWhitespaceText(child) || (isTag(child) && DROPPED_ELEMENTS.has(child.name))) continue;
      if (isTag(child) && child.name === 'li') {
        items.push(this.blocks(child.children, depth + 1));
      } else if (isTag(child) && (child.name === 'ul' || child.name === 'ol') && items.length > 0) {
        // `<ul><li>a</li><ul>…</ul></ul>`: a list directly inside a list belongs to the item before.
        (items[items.length - 1] as BlockNode[]).push(...this.blocks([child], depth + 1));
      } else {
        items.push(this.blocks([child], depth + 1));
      }
    }
    const ordered = element.name === 'ol';
    const start = ordered ? Number.parseInt(element.attribs.start ?? '', 10) : Number.NaN;
    return { type: 'list', ordered, ...(Number.isNaN(start) ? {} : { start }), items };
  }

  private code(element: Element): BlockNode {
    // A newline right after `<pre>` is not content (HTML parsing rules drop it).
    const value = textContent(element).replace(/^\r?\n/, '');
    const codeChild = childElements(element, 'code')[0];
    const language =
      languageFromClass(element.attribs) ??
      (codeChild === undefined ? undefined : languageFromClass(codeChild.attribs));
    return { type: 'code', value, ...(language === undefined ? {} : { language }) };
  }

  private quote(element: Element, depth: number): BlockNode {
    // `<blockquote><p>…</p><cite>Author</cite></blockquote>` and `<footer>— Author</footer>`.
    const attribution = [...element.children]
      .reverse()
      .find(
        (child): child is Element =>
          isTag(child) && (child.name === 'cite' || child.name === 'footer'),
      );
    const citation = attribution === undefined ? '' : citationText(textContent(attribution));
    const children = this.blocks(
      element.children.filter((child) => child !== attribution),
      depth + 1,
    );
    return { type: 'quote', children, ...(citation === '' ? {} : { citation }) };
  }

  private figure(element: Element, depth: number): BlockNode[] {
    const caption = childElements(element, 'figcaption')[0];
    const blocks = this.blocks(
      element.children.filter((child) => child !== caption),
      depth,
    );
    if (caption === undefined) return blocks;
    const captionText = collapse(textContent(caption)).trim();
    const only = blocks.length === 1 ? blocks[0] : undefined;
    if (captionText !== '' && only?.type === 'quote' && only.citation === undefined) {
      return [{ ...only, citation: citationText(captionText) }];
    }
    if (
      captionText !== '' &&
      (only?.type === 'image' || only?.type === 'video' || only?.type === 'audio') &&
      only.title === undefined
    ) {
      return [{ ...only, title: captionText }];
    }
    return [...blocks, ...this.blocks(caption.children, depth + 1)];
  }

  private table(element: Element, depth: number): Segment[] {
    const before: Segment[] = [];
    const headRows: Element[] = [];
    const bodyRows: Element[] = [];
    const footRows: Element[] = [];
    for (const child of element.children) {
      if (!isTag(child)) continue;
      if (child.name === 'caption')
        before.push(...this.blocks(child.children, depth + 1).map(blockMarker));
      else if (child.name === 'tr') bodyRows.push(child);
      else if (child.name === 'thead') headRows.push(...childElements(child, 'tr'));
      else if (child.name === 'tbody') bodyRows.push(...childElements(child, 'tr'));
      else if (child.name === 'tfoot') footRows.push(...childElements(child, 'tr'));
    }
    const cells = (row: Element): Element[] =>
      row.children.filter(
        (cell): cell is Element => isTag(cell) && (cell.name === 'td' || cell.name === 'th'),
      );
    const convertRow = (row: Element): InlineNode[][] =>
      cells(row).map((cell) => segmentsToInlines(this.segments(cell.children, depth + 1)));
    let headerRow: Element | undefined = headRows.shift();
    const rows = [...headRows, ...bodyRows, ...footRows];
    if (headerRow === undefined && rows[0] !== undefined) {
      const firstCells = cells(rows[0]);
      if (firstCells.length > 0 && firstCells.every((cell) => cell.name === 'th'))
        headerRow = rows.shift();
    }
    const table: BlockNode = {
      type: 'table',
      ...(headerRow === undefined ? {} : { header: convertRow(headerRow) }),
      rows: rows.map(convertRow),
    };
    return [...before, blockMarker(table)];
  }
}

function optionalMarker(block: BlockNode | undefined): Segment[] {
  return block === undefined ? [] : [blockMarker(block)];
}

/** "— Author" and "-- Author" are both just "Author"; renderers add their own dash. */
function citationText(value: string): string {
  return collapse(value)
    .trim()
    .replace(/^[\u2014\u2013\u2012-]+\s*/, '');
}
