import type { BlockNode, ResolveUrl } from './content-tree';
import { normalizeLine } from './normalize-content-tree';
import { resolveContentUrl } from './resolve-content-url';

/**
 * How HTML elements map onto the content tree; shared by the HTML parser and by the Markdown
 * parser for HTML found inside Markdown.
 */

/** Removed with everything inside: not content (code, styling, chrome, form controls). */
export const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'button',
  'canvas',
  'datalist',
  'embed',
  'form',
  'frame',
  'frameset',
  'head',
  'input',
  'link',
  'map',
  'math',
  'meta',
  'meter',
  'nav',
  'noframes',
  'noscript',
  'object',
  'optgroup',
  'option',
  'output',
  'param',
  'progress',
  'script',
  'select',
  'source',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'track',
]);

/** Elements that never have content or a closing tag. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Transparent, but start and end a block (their inline content becomes paragraphs). */
export const BLOCK_CONTAINERS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'footer',
  'header',
  'hgroup',
  'html',
  'legend',
  'li',
  'main',
  'menu',
  'p',
  'search',
  'section',
  'summary',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);

export type FormattingType = 'strong' | 'emphasis' | 'strikethrough';

export const FORMATTING_ELEMENTS: ReadonlyMap<string, FormattingType> = new Map([
  ['b', 'strong'],
  ['strong', 'strong'],
  ['em', 'emphasis'],
  ['i', 'emphasis'],
  ['del', 'strikethrough'],
  ['s', 'strikethrough'],
  ['strike', 'strikethrough'],
]);

/** Their text is inline code. */
export const CODE_ELEMENTS: ReadonlySet<string> = new Set(['code', 'kbd', 'samp', 'tt']);

export const HEADING_LEVELS: ReadonlyMap<string, 1 | 2 | 3 | 4 | 5 | 6> = new Map([
  ['h1', 1],
  ['h2', 2],
  ['h3', 3],
  ['h4', 4],
  ['h5', 5],
  ['h6', 6],
]);

export type Attributes = Record<string, string>;

/** An attribute's value; absent when it is missing or blank (the normalizer's idea of blank). */
export function attribute(attributes: Attributes, name: string): string | undefined {
  const value = attributes[name];
  return value === undefined || normalizeLine(value) === '' ? undefined : value;
}

/** `<img>`; `undefined` when it has no usable `src`. A missing `alt` is the empty string. */
export function imageFromAttributes(
  attributes: Attributes,
  resolveUrl: ResolveUrl | undefined,
): BlockNode | undefined {
  const url = resolveContentUrl(attributes.src, resolveUrl);
  if (url === undefined) return undefined;
  const title = attribute(attributes, 'title');
  return {
    type: 'image',
    url,
    alt: attributes.alt ?? '',
    ...(title === undefined ? {} : { title }),
  };
}

/**
 * `<video>`, `<audio>` (with `src` or a `<source src>` found by the caller) and `<iframe>`
 * (an embedded player, taken as a video); the title comes from `title` or `aria-label`.
 */
export function mediaFromAttributes(
  type: 'video' | 'audio',
  source: string | undefined,
  attributes: Attributes,
  resolveUrl: ResolveUrl | undefined,
): BlockNode | undefined {
  const url = resolveContentUrl(source, resolveUrl);
  if (url === undefined) return undefined;
  const title = attribute(attributes, 'title') ?? attribute(attributes, 'aria-label');
  return { type, url, ...(title === undefined ? {} : { title }) };
}

const LANGUAGE_CLASS = /(?:^|\s)lang(?:uage)?-(\S+)/;

/** `class="language-js"` (or `lang-js`) names a code block's language. */
export function languageFromClass(attributes: Attributes): string | undefined {
  const className = attributes.class;
  return className === undefined ? undefined : LANGUAGE_CLASS.exec(className)?.[1];
}
