import {
  parseMarkdown,
  parsePlainText,
  parseStrapiBlocks,
  renderMarkdown,
  type BlockNode,
} from '@agent-ready/core/content';
import { type AgentDocumentBody } from '@agent-ready/core/document';
import type { BodySource, TextFormat } from './resolve-content-types';
import type { StrapiEntry } from './strapi-schema';

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function blocksOf(format: TextFormat, value: unknown, field: string): BlockNode[] {
  if (isEmpty(value)) return [];
  switch (format) {
    case 'blocks':
      return parseStrapiBlocks(value, { field }).children;
    case 'richtext':
      return parseMarkdown(String(value), { field }).children;
    case 'text':
      return parsePlainText(String(value), { field }).children;
  }
}

function componentBlocks(
  source: BodySource,
  item: unknown,
  componentUid: string | undefined,
  field: string,
): BlockNode[] {
  if (item === null || typeof item !== 'object' || componentUid === undefined) return [];
  const fields = source.componentFields?.[componentUid] ?? [];
  return fields.flatMap(({ name, format }) =>
    blocksOf(format, (item as Record<string, unknown>)[name], `${field}.${name}`),
  );
}

/** The blocks one body source contributes, in order. */
function sourceBlocks(source: BodySource, value: unknown): BlockNode[] {
  const field = source.attribute;
  switch (source.type) {
    case 'blocks':
    case 'richtext':
      return blocksOf(source.type, value, field);
    case 'text':
    case 'string':
      return blocksOf('text', value, field);
    case 'dynamiczone':
      return (Array.isArray(value) ? value : []).flatMap((item, index) =>
        componentBlocks(
          source,
          item,
          (item as { __component?: string } | null)?.__component,
          `${field}[${index}]`,
        ),
      );
    case 'component': {
      const uid = Object.keys(source.componentFields ?? {})[0];
      const items = Array.isArray(value) ? value : [value];
      return items.flatMap((item, index) =>
        componentBlocks(source, item, uid, Array.isArray(value) ? `${field}[${index}]` : field),
      );
    }
  }
}

/**
 * The document body from the mapped attributes. One `blocks`, `richtext` or text attribute is
 * handed over as it is (`strapi-blocks`, `markdown`, `text`). A dynamic zone, a component or
 * several attributes are concatenated in order: each text piece (a component's `text`,
 * `richtext` and `blocks` fields, in schema order; other field types are not content) is parsed
 * into the content tree and the whole is written as Markdown, which reads back as the same tree.
 * Empty values contribute nothing; no content at all gives `undefined`.
 */
export function bodyFromEntry(
  entry: StrapiEntry,
  sources: readonly BodySource[],
): AgentDocumentBody | undefined {
  if (sources.length === 1) {
    const [source] = sources as [BodySource];
    const value = entry[source.attribute];
    if (isEmpty(value) && source.type !== 'dynamiczone' && source.type !== 'component') {
      return undefined;
    }
    switch (source.type) {
      case 'blocks':
        return { format: 'strapi-blocks', value };
      case 'richtext':
        return { format: 'markdown', value: String(value) };
      case 'text':
      case 'string':
        return { format: 'text', value: String(value) };
    }
  }
  const children = sources.flatMap((source) => sourceBlocks(source, entry[source.attribute]));
  if (children.length === 0) return undefined;
  return { format: 'markdown', value: renderMarkdown({ children }) };
}
