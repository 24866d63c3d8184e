import {
  type AgentDocument,
  type AgentDocumentLlmindexRole,
  type LlmindexProductData,
} from '@agent-ready/core/document';
import { parseContent, renderPlainText, type BlockNode } from '@agent-ready/core/content';
import type { AgentDocumentBody } from '@agent-ready/core/document';
import { ValidationError } from '@agent-ready/core/errors';
import { extractBody, type TextSink } from '../extraction/extract-entry';
import { canonicalPath, pagePath, type UrlRules } from './page-url';
import type { ResolvedContentType, ResolvedLlmindexRole } from './resolve-content-types';
import type { StrapiEntry } from '../schema/strapi-schema';

/** `api::article.article:h3k9…`: the store key of a Strapi document (one row per locale). */
export function documentKey(uid: string, documentId: string): string {
  return `${uid}:${documentId}`;
}

export function valueAt(entry: StrapiEntry, path: readonly string[]): unknown {
  let value: unknown = entry;
  for (const name of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

export function optionalText(
  entry: StrapiEntry,
  path: readonly string[] | undefined,
): string | undefined {
  if (!path) return undefined;
  const value = valueAt(entry, path);
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function optionalDate(entry: StrapiEntry, path: readonly string[] | undefined): string | undefined {
  if (!path) return undefined;
  const value = valueAt(entry, path);
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function optionalNumber(
  entry: StrapiEntry,
  path: readonly string[] | undefined,
): number | undefined {
  if (!path) return undefined;
  const value = valueAt(entry, path);
  if (value === null || value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The entry's llmindex role. A product without an availability value keeps no role (it is
 * served, but not listed in the products feed, which needs one).
 */
function llmindexRole(
  entry: StrapiEntry,
  role: ResolvedLlmindexRole | undefined,
): AgentDocumentLlmindexRole | undefined {
  if (!role) return undefined;
  if (role.role === 'faq') {
    const topic = optionalText(entry, role.topic);
    return { role: 'faq', ...(topic ? { topic } : {}) };
  }
  if (role.role !== 'product') return { role: role.role };
  const { attributes } = role;
  const availability = optionalText(entry, attributes.availability);
  if (!availability) return undefined;
  const product: LlmindexProductData = { availability };
  const price = optionalNumber(entry, attributes.price);
  if (price !== undefined) product.price = price;
  for (const key of ['currency', 'id', 'brand', 'category', 'imageUrl'] as const) {
    const value = optionalText(entry, attributes[key]);
    if (value !== undefined) product[key] = value;
  }
  return { role: 'product', product };
}

/** What mapping an entry needs beyond its type: the site's origin, URL rules, media, other types. */
export interface MappingContext {
  /** `site.origin`: an SEO canonical URL is used only on it. */
  origin: string;
  rules: UrlRules;
  /** The absolute URL of a media file as Strapi stores its `url`; undefined when unknown. */
  mediaUrl(url: string): string | undefined;
  /** Every exposed type: links to related entries take their pages' URLs. */
  types: ReadonlyMap<string, ResolvedContentType>;
  /** The coverage's: observes every string the extraction meets, changes nothing it makes. */
  sink?: TextSink;
}

/** The page path of a related entry (a link's target), undefined when it has none. */
function relatedPath(context: MappingContext, uid: string, target: StrapiEntry, locale: string) {
  const type = context.types.get(uid);
  if (!type || typeof target.documentId !== 'string') return undefined;
  try {
    return pagePath(type.page, target, {
      uid,
      documentId: target.documentId,
      locale: type.localized ? locale : '',
      rules: context.rules,
    });
  } catch {
    // A url function failing on a related entry costs the link, not the document.
    return undefined;
  }
}

/**
 * The entry's C-URL path: its page's route, where readers open it. A canonical URL an editor set
 * in the SEO component is not the C-URL: editors seldom update it when a slug or a parent
 * changes (many front ends never print it), and a page kept at its old URL is worse than none.
 * `canonical` says how it compares with the route (the admin's notes).
 */
export function entryPath(
  entry: StrapiEntry,
  type: ResolvedContentType,
  context: Pick<MappingContext, 'origin' | 'rules'>,
  documentId: string,
  locale: string,
): { path: string | undefined; canonical: 'the-route' | 'off-origin' | 'not-the-route' | 'none' } {
  const path = pagePath(type.page, entry, {
    uid: type.uid,
    documentId,
    locale,
    rules: context.rules,
  });
  const canonical = type.seo?.canonical
    ? canonicalPath(valueAt(entry, [type.seo.attribute, type.seo.canonical]), context.origin)
    : undefined;
  if (canonical === undefined) return { path, canonical: 'none' };
  if (canonical === 'off-origin') return { path, canonical };
  return { path, canonical: canonical === path ? 'the-route' : 'not-the-route' };
}

/**
 * The documents an entry as read was made from besides itself: the `documentId` of every related
 * entry and media file its read populated (shown in place, linked, named, or read for its URL),
 * at any depth, in components and dynamic zones too. Stored with the row (`dependsOn`), they let
 * a change of any of them re-sync exactly the pages that show it. What the read did not
 * populate, the page does not show; a blocks field's image copy counts too (harmless: the
 * re-sync then finds nothing new).
 */
export function relatedDocumentIds(entry: StrapiEntry): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const { documentId } = value as { documentId?: unknown };
    if (typeof documentId === 'string' && documentId !== '') found.add(documentId);
    for (const inner of Object.values(value)) visit(inner);
  };
  for (const [name, value] of Object.entries(entry)) if (name !== 'documentId') visit(value);
  found.delete(String(entry.documentId));
  return [...found];
}

/** The first text of a tree: its first heading, else its first paragraph (one line, bounded). */
function firstLine(blocks: readonly BlockNode[]): string | undefined {
  const heading = blocks.find((block) => block.type === 'heading');
  const paragraph = blocks.find((block) => block.type === 'paragraph');
  const block = heading ?? paragraph;
  if (!block) return undefined;
  const text = renderPlainText({ children: [block] })
    .split('\n')[0]!
    .trim();
  if (text === '') return undefined;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * The title: the first of the type's title attributes with a value (its own, then the SEO
 * meta title), else the body's first heading (taken out of the body, not said twice), else the
 * type's display name and the document id.
 */
function titleOf(
  entry: StrapiEntry,
  type: ResolvedContentType,
  body: AgentDocumentBody | undefined,
  documentId: string,
): { title: string; body: AgentDocumentBody | undefined } {
  for (const path of type.titles) {
    const title = optionalText(entry, path);
    if (title) return { title, body };
  }
  const tree =
    body === undefined
      ? undefined
      : body.format === 'content-tree'
        ? body.value
        : parseContent(body);
  const first = tree ? firstLine(tree.children) : undefined;
  if (first && tree) {
    const [opening, ...rest] = tree.children;
    const repeated = opening?.type === 'heading' && firstLine([opening]) === first;
    return {
      title: first,
      body: repeated
        ? rest.length > 0
          ? { format: 'content-tree', value: { children: rest } }
          : undefined
        : body,
    };
  }
  return { title: `${type.displayName} ${documentId}`, body };
}

/**
 * The body of an entry's document: its type's plan walked over it, links to related entries on
 * their pages' URLs (a type without pages of its own has a body too: what its entries show
 * where they are folded in, which the coverage counts).
 */
export function entryBody(
  entry: StrapiEntry,
  type: ResolvedContentType,
  context: MappingContext,
): AgentDocumentBody | undefined {
  const locale = type.localized && typeof entry.locale === 'string' ? entry.locale : '';
  return extractBody(entry, type.body, {
    mediaUrl: context.mediaUrl,
    linkUrl: (uid, target) => relatedPath(context, uid, target, locale),
    locale,
    ...(context.sink ? { sink: context.sink } : {}),
  });
}

/**
 * Maps one published entry (one locale of a document) to an AgentDocument along its type's
 * extraction plan; `modified` is `updatedAt` (used when the content really changed). Throws
 * ValidationError when the entry has no usable URL (e.g. an empty slug).
 */
export function toAgentDocument(
  entry: StrapiEntry,
  type: ResolvedContentType,
  context: MappingContext,
): AgentDocument {
  const documentId = entry.documentId;
  if (typeof documentId !== 'string' || documentId === '') {
    throw new ValidationError('document.id', `${type.uid}: entry without documentId`, {
      field: 'documentId',
    });
  }
  const id = documentKey(type.uid, documentId);
  const locale = type.localized && typeof entry.locale === 'string' ? entry.locale : undefined;
  // The body first: the coverage's sink observes an entry's text even when it has no URL.
  const extracted = entryBody(entry, type, context);
  const { path: url } = entryPath(entry, type, context, documentId, locale ?? '');
  if (url === undefined) {
    throw new ValidationError(
      'document.url',
      type.page.kind === 'pattern'
        ? `the URL pattern ${type.page.pattern.source} has an empty value`
        : type.page.kind === 'function'
          ? 'the url function gave no URL'
          : `${type.uid} has no pages of its own`,
      { field: 'url', value: type.urlSource === false ? 'none' : type.urlSource },
    );
  }
  const { title, body } = titleOf(entry, type, extracted, documentId);
  const updatedAt = optionalDate(entry, ['updatedAt']);
  const description = type.descriptions
    .map((path) => optionalText(entry, path))
    .find((text) => text !== undefined);
  const author = optionalText(entry, type.author);
  const published = optionalDate(entry, type.published);
  const llmindex = llmindexRole(entry, type.llmindex);
  const dependsOn = relatedDocumentIds(entry);
  return {
    id,
    ...(locale ? { locale } : {}),
    url,
    title,
    ...(body ? { body } : {}),
    ...(description ? { description } : {}),
    ...(author ? { author } : {}),
    ...(published ? { published } : {}),
    ...(updatedAt ? { modified: updatedAt } : {}),
    section: type.section,
    ...(llmindex ? { llmindex } : {}),
    ...(type.usage ? { usage: type.usage } : {}),
    ...(dependsOn.length > 0 ? { dependsOn } : {}),
  };
}
