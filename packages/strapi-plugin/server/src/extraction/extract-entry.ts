import {
  parseContent,
  parseHtml,
  parseMarkdown,
  parsePlainText,
  parseStrapiBlocks,
  renderPlainText,
  type BlockNode,
  type HeadingLevel,
  type InlineNode,
} from '@agent-ready/core/content';
import type { AgentDocumentBody } from '@agent-ready/core/document';
import type { StrapiEntry } from '../schema/strapi-schema';
import { withMediaUrls } from './blocks-images';
import { notProse } from './classify-attribute';
import {
  fieldPath,
  zoneItemPath,
  type ComponentPlan,
  type FieldPlan,
  type RelationPlan,
} from './extraction-plan';
import type { TextFormat } from './field-vocabulary';
import type { MediaUrl } from './media-url';

/** Whose text a string is: the entry's own, or a folded entry's (`uid`, `documentId`, `locale`). */
export interface TextOwner {
  uid: string;
  documentId: string;
  locale: string;
}

/** Receives every human-readable string the walk meets (the coverage's count). */
export interface TextSink {
  /**
   * `emitted`: put into the document (the coverage still checks the output for it); `owner`:
   * a folded entry's text, undefined for the entry's own; `shape`: left out for what the value
   * is (a URL, a path, an e-mail address or a colour), not by the settings.
   */
  text(
    text: string,
    path: string,
    emitted: boolean,
    owner: TextOwner | undefined,
    shape?: boolean,
  ): void;
}

export interface ExtractContext {
  /**
   * The absolute URL of a media file (its `url` as Strapi stores it), undefined when unknown:
   * media fields' files and the images of blocks fields.
   */
  mediaUrl: MediaUrl;
  /** The page URL of a related entry of a type with pages, undefined when it has none. */
  linkUrl(uid: string, target: StrapiEntry): string | undefined;
  /** The entry's locale ('' when not localized): folded localized entries are in it too. */
  locale?: string;
  /** Set by the coverage: also walks dropped text, into the sink only. */
  sink?: TextSink;
}

interface Walk {
  context: ExtractContext;
  /** Where the fields walked are: '' for the entry's own, else their component's or fold's path. */
  at: string;
  level: HeadingLevel;
  /** Inside a list item: headings become bold lines. */
  inList: boolean;
  /** Inside a component (or a folded entry): components nested here go one heading level down. */
  inComponent: boolean;
  /** Set while walking dropped text: nothing is emitted, strings go to the sink as dropped. */
  dropped: boolean;
  owner: TextOwner | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: string): InlineNode => ({ type: 'text', value });
const paragraph = (children: InlineNode[]): BlockNode => ({ type: 'paragraph', children });
const deeper = (level: HeadingLevel): HeadingLevel => Math.min(level + 1, 6) as HeadingLevel;

/** One string as the sink counts it: its lines (a paragraph each). */
function reportLines(
  walk: Walk,
  value: string,
  path: string,
  emitted: boolean,
  shape = false,
): void {
  const sink = walk.context.sink;
  if (!sink) return;
  for (const line of value.split(/\n+/)) {
    const trimmed = line.replace(/^\d+\.\s+/, '').trim();
    if (trimmed === '') continue;
    if (shape && !walk.dropped) sink.text(trimmed, path, false, walk.owner, true);
    else sink.text(trimmed, path, emitted && !walk.dropped, walk.owner);
  }
}

function parseText(
  format: TextFormat,
  value: unknown,
  field: string,
  mediaUrl: MediaUrl,
): BlockNode[] {
  switch (format) {
    case 'blocks':
      return Array.isArray(value) && value.length > 0
        ? parseStrapiBlocks(withMediaUrls(value, mediaUrl), { field }).children
        : [];
    case 'markdown':
      return typeof value === 'string' ? parseMarkdown(value, { field }).children : [];
    case 'html':
      return typeof value === 'string' ? parseHtml(value, { field }).children : [];
    case 'plain':
      return typeof value === 'string' || typeof value === 'number'
        ? parsePlainText(String(value), { field }).children
        : [];
  }
}

/** A value as written, trimmed (a number as its digits); undefined when empty or neither. */
function valueText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * A heading, a line of text, an alt text or a caption, as shown: the value as written, whatever
 * its words look like (`iPhone`, `e-commerce`, `3.5`, `10:30`). Only a one-line value that is
 * not prose at all (a URL or path, an e-mail address, a colour: a setting in a field named
 * innocently) is left out, and counted as dropped text: the coverage says so.
 */
function shownText(walk: Walk, value: unknown, path: string): string | undefined {
  const text = valueText(value);
  if (text === undefined || text.includes('\n') || !notProse(text)) return text;
  reportLines(walk, text, path, false, true);
  return undefined;
}

function headingBlock(walk: Walk, inlines: InlineNode[]): BlockNode {
  return walk.inList
    ? paragraph([{ type: 'strong', children: inlines }])
    : { type: 'heading', level: walk.level, children: inlines };
}

function mediaBlocks(walk: Walk, value: unknown, path: string): BlockNode[] {
  const files = (Array.isArray(value) ? value : [value]).filter(isObject);
  return files.flatMap((file): BlockNode[] => {
    const alt = shownText(walk, file.alternativeText, `${path}.alternativeText`);
    // A caption that repeats the alt text says nothing more.
    const caption =
      valueText(file.caption) === valueText(file.alternativeText)
        ? undefined
        : shownText(walk, file.caption, `${path}.caption`);
    if (alt) reportLines(walk, alt, `${path}.alternativeText`, true);
    if (caption) reportLines(walk, caption, `${path}.caption`, true);
    const url = typeof file.url === 'string' ? walk.context.mediaUrl(file.url) : undefined;
    const mime = typeof file.mime === 'string' ? file.mime : '';
    const described = [alt, caption].filter((part): part is string => part !== undefined);
    if (url === undefined) {
      // No public URL known for it: its words still reach agents.
      return described.length > 0 ? [paragraph([text(described.join(' — '))])] : [];
    }
    if (mime.startsWith('video/') || mime.startsWith('audio/')) {
      const title = described.join(' — ');
      return [
        {
          type: mime.startsWith('video/') ? 'video' : 'audio',
          url,
          ...(title !== '' ? { title } : {}),
        },
      ];
    }
    if (mime === '' || mime.startsWith('image/')) {
      return [
        {
          type: 'image',
          url,
          alt: alt ?? '',
          ...(caption ? { title: caption } : {}),
        },
      ];
    }
    // A file without words of its own is linked under its name, as it was uploaded.
    const label = described.join(' — ') || valueText(file.name);
    return label ? [paragraph([{ type: 'link', url, children: [text(label)] }])] : [];
  });
}

function relationBlocks(
  walk: Walk,
  field: Extract<FieldPlan, { kind: 'relation' }>,
  value: unknown,
): BlockNode[] {
  const targets = (Array.isArray(value) ? value : [value]).filter(isObject) as StrapiEntry[];
  if (targets.length === 0) return [];
  const target: RelationPlan = field.target;
  if (target.show === 'fold') return foldedBlocks(walk, field, target, targets);
  const names = targets.flatMap((entry): InlineNode[] => {
    const name = target.display ? valueText(entry[target.display]) : undefined;
    const url = target.show === 'link' ? walk.context.linkUrl(target.uid, entry) : undefined;
    if (name === undefined) return [];
    return [url ? { type: 'link', url, children: [text(name)] } : text(name)];
  });
  if (names.length === 0) return [];
  const inlines: InlineNode[] = [text(`${field.label}: `)];
  names.forEach((name, index) => {
    if (index > 0) inlines.push(text(', '));
    inlines.push(name);
  });
  return [paragraph(inlines)];
}

/** Related entries without pages of their own, shown in place: a heading each, or a list. */
function foldedBlocks(
  walk: Walk,
  field: Extract<FieldPlan, { kind: 'relation' }>,
  target: Extract<RelationPlan, { show: 'fold' }>,
  targets: StrapiEntry[],
): BlockNode[] {
  const items = targets.map((entry) => {
    const owner: TextOwner | undefined =
      typeof entry.documentId === 'string'
        ? {
            uid: target.uid,
            documentId: entry.documentId,
            locale: target.localized ? (walk.context.locale ?? '') : '',
          }
        : walk.owner;
    const title = target.title ? valueText(entry[target.title]) : undefined;
    const inner: Walk = {
      ...walk,
      at: fieldPath(walk.at, field.name),
      owner,
      level: title ? deeper(deeper(walk.level)) : walk.level,
      inList: !title,
      inComponent: true,
    };
    if (title) reportLines(inner, title, fieldPath(inner.at, target.title!), true);
    const blocks = fieldsBlocks(inner, target.fields, entry, {});
    return { title, blocks };
  });
  // Entries with nothing to show but their names (categories, tags): named in one line.
  if (items.every((item) => item.blocks.length === 0)) {
    const names = items.flatMap((item) => (item.title ? [item.title] : []));
    return names.length === 0 ? [] : [paragraph([text(`${field.label}: ${names.join(', ')}`)])];
  }
  if (items.some((item) => item.title)) {
    return items.flatMap(({ title, blocks }) =>
      title
        ? [
            // A to-one relation (an article's author) says what it is; a list (FAQs) need not.
            headingBlock({ ...walk, level: deeper(walk.level) }, [
              text(field.many ? title : `${field.label}: ${title}`),
            ]),
            ...blocks,
          ]
        : blocks,
    );
  }
  const listItems = items.map((item) => item.blocks).filter((blocks) => blocks.length > 0);
  if (listItems.length === 0) return [];
  if (!field.many && listItems.length === 1) return listItems[0]!;
  return [{ type: 'list', ordered: false, items: listItems }];
}

/** A component's item at `at` (the component field's path, or a zone item's). */
function componentBlocks(outer: Walk, plan: ComponentPlan, item: unknown, at: string): BlockNode[] {
  if (!isObject(item)) return [];
  // A section of the entry keeps the entry's heading level; a component in a component goes down.
  const walk: Walk = {
    ...outer,
    at,
    level: outer.inComponent ? deeper(outer.level) : outer.level,
    inComponent: true,
  };
  if (plan.dropped) {
    if (walk.context.sink) fieldsBlocks({ ...walk, dropped: true }, plan.fields, item, {});
    return [];
  }
  const linkUrl = plan.link ? shortUrl(item[plan.link.url]) : undefined;
  return fieldsBlocks(walk, plan.fields, item, {
    ...(plan.link && linkUrl ? { link: { label: plan.link.label, url: linkUrl } } : {}),
  });
}

/** A URL value to link to: anything but empty or `#` (core resolves and vets it). */
function shortUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '#' ? undefined : trimmed;
}

function fieldBlocks(
  walk: Walk,
  field: FieldPlan,
  value: unknown,
  link: { label: string; url: string } | undefined,
): BlockNode[] {
  if (value === null || value === undefined) return [];
  const path = fieldPath(walk.at, field.name);
  const linked = (inlines: InlineNode[]): InlineNode[] =>
    link && link.label === field.name
      ? [{ type: 'link', url: link.url, children: inlines }]
      : inlines;
  switch (field.kind) {
    case 'heading': {
      const value_ = shownText(walk, value, path);
      if (value_ === undefined) return [];
      reportLines(walk, value_, path, true);
      return [headingBlock(walk, linked([text(value_)]))];
    }
    case 'text': {
      if (field.format === 'plain') {
        const value_ = shownText(walk, value, path);
        if (value_ === undefined) return [];
        reportLines(walk, value_, path, true);
        if (link && link.label === field.name) return [paragraph(linked([text(value_)]))];
        return parseText('plain', value_, path, walk.context.mediaUrl);
      }
      const blocks = parseText(field.format, value, path, walk.context.mediaUrl);
      if (walk.context.sink && blocks.length > 0) {
        reportLines(walk, renderPlainText({ children: blocks }), path, true);
      }
      return blocks;
    }
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || !Number.isFinite(number)) return [];
      return [paragraph([text(`${field.label}: ${String(value)}`)])];
    }
    case 'media':
      return mediaBlocks(walk, value, path);
    case 'link':
      return [];
    case 'component': {
      if (field.repeatable) {
        const items = (Array.isArray(value) ? value : [value])
          .map((item) => componentBlocks({ ...walk, inList: true }, field.component, item, path))
          .filter((blocks) => blocks.length > 0);
        return items.length > 0 ? [{ type: 'list', ordered: false, items }] : [];
      }
      return componentBlocks(walk, field.component, value, path);
    }
    case 'zone':
      return (Array.isArray(value) ? value : []).flatMap((item) => {
        const uid = isObject(item) && typeof item.__component === 'string' ? item.__component : '';
        const plan = field.components[uid];
        return plan ? componentBlocks(walk, plan, item, zoneItemPath(path, uid)) : [];
      });
    case 'relation':
      return relationBlocks(walk, field, value);
    case 'dropped':
      if (field.inner && walk.context.sink) {
        fieldBlocks({ ...walk, dropped: true }, field.inner, value, undefined);
      }
      return [];
  }
}

/**
 * The blocks of a scope's fields, in order: a section's headings at `walk.level`, its nested
 * components one level down.
 */
function fieldsBlocks(
  walk: Walk,
  fields: readonly FieldPlan[],
  entry: Record<string, unknown>,
  options: { inList?: boolean; link?: { label: string; url: string } },
): BlockNode[] {
  const inner: Walk = { ...walk, inList: options.inList ?? walk.inList };
  const blocks: BlockNode[] = [];
  for (const field of fields)
    blocks.push(...fieldBlocks(inner, field, entry[field.name], options.link));
  return walk.dropped ? [] : blocks;
}

/** The walk of an entry's own fields: top-level headings are level 2. */
function entryWalk(context: ExtractContext): Walk {
  return {
    context,
    at: '',
    level: 2,
    inList: false,
    inComponent: false,
    dropped: false,
    owner: undefined,
  };
}

/** The blocks an entry's body plan gives, in order (top-level headings are level 2). */
export function extractBlocks(
  entry: StrapiEntry,
  fields: readonly FieldPlan[],
  context: ExtractContext,
): BlockNode[] {
  return fieldsBlocks(entryWalk(context), fields, entry, {});
}

const OWN_FORMAT: Record<TextFormat, AgentDocumentBody['format']> = {
  blocks: 'strapi-blocks',
  markdown: 'markdown',
  html: 'html',
  plain: 'text',
};

/** The one field a plan extracts when it extracts one rich text field and nothing else. */
function onlyRichText(
  fields: readonly FieldPlan[],
): Extract<FieldPlan, { kind: 'text' }> | undefined {
  const extracted = fields.filter((field) => field.kind !== 'dropped');
  const only = extracted.length === 1 ? extracted[0] : undefined;
  return only?.kind === 'text' && only.format !== 'plain' ? only : undefined;
}

/** The rich text field's value in its own format, undefined when empty. */
function ownFormatBody(
  entry: StrapiEntry,
  only: Extract<FieldPlan, { kind: 'text' }>,
  mediaUrl: MediaUrl,
): AgentDocumentBody | undefined {
  const raw = entry[only.name];
  const value = only.format === 'blocks' && Array.isArray(raw) ? withMediaUrls(raw, mediaUrl) : raw;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  return { format: OWN_FORMAT[only.format], value } as AgentDocumentBody;
}

/**
 * What the sink is told of a body handed over in its own format: the text core parses out of
 * it (what agents get), and the text the plan leaves out, in the plan's order.
 */
function observeOwnFormat(
  entry: StrapiEntry,
  fields: readonly FieldPlan[],
  only: Extract<FieldPlan, { kind: 'text' }>,
  body: AgentDocumentBody | undefined,
  context: ExtractContext,
): void {
  const walk = entryWalk(context);
  for (const field of fields) {
    if (field === only && body) {
      const text = renderPlainText(parseContent(body, { field: only.name }));
      reportLines(walk, text, only.name, true);
    } else if (field.kind === 'dropped') fieldBlocks(walk, field, entry[field.name], undefined);
  }
}

/**
 * The document body of an entry. When the plan extracts one text field and nothing else (an
 * article's blocks), it is handed over in its own format, parsed once by core (blocks with their
 * images on the media URL, as `parseText` has them); otherwise the blocks of every field, as a
 * content tree. No content at all gives `undefined`. A sink (the coverage's) only observes: the
 * body is the same with or without one.
 */
export function extractBody(
  entry: StrapiEntry,
  fields: readonly FieldPlan[],
  context: ExtractContext,
): AgentDocumentBody | undefined {
  const only = onlyRichText(fields);
  if (only) {
    const body = ownFormatBody(entry, only, context.mediaUrl);
    if (context.sink) observeOwnFormat(entry, fields, only, body, context);
    return body;
  }
  const children = extractBlocks(entry, fields, context);
  return children.length === 0 ? undefined : { format: 'content-tree', value: { children } };
}
