import {
  type AgentDocument,
  type AgentDocumentLlmindexRole,
  type LlmindexProductData,
} from '@agent-ready/core/document';
import { ValidationError } from '@agent-ready/core/errors';
import { bodyFromEntry } from './body-from-entry';
import type { ResolvedContentType, ResolvedLlmindexRole } from './resolve-content-types';
import type { StrapiEntry } from './strapi-schema';
import { expandUrlPattern } from './url-pattern';

/** `api::article.article:h3k9…`: the store key of a Strapi document (one row per locale). */
export function documentKey(uid: string, documentId: string): string {
  return `${uid}:${documentId}`;
}

function valueAt(entry: StrapiEntry, path: readonly string[]): unknown {
  let value: unknown = entry;
  for (const name of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function optionalText(entry: StrapiEntry, path: readonly string[] | undefined): string | undefined {
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

/**
 * Maps one published entry (one locale of a document) to an AgentDocument, reading only the
 * mapped attributes; `modified` is `updatedAt` (used when the content really changed). Throws
 * ValidationError when the entry has no usable URL (e.g. an empty slug).
 */
export function toAgentDocument(entry: StrapiEntry, type: ResolvedContentType): AgentDocument {
  const documentId = entry.documentId;
  if (typeof documentId !== 'string' || documentId === '') {
    throw new ValidationError('document.id', `${type.uid}: entry without documentId`, {
      field: 'documentId',
    });
  }
  const id = documentKey(type.uid, documentId);
  const locale = type.localized && typeof entry.locale === 'string' ? entry.locale : undefined;
  const url = expandUrlPattern(type.url, (placeholder) => {
    if (placeholder === 'documentId') return documentId;
    if (placeholder === 'locale') return locale;
    return valueAt(entry, placeholder.split('.'));
  });
  if (url === undefined) {
    throw new ValidationError(
      'document.url',
      `the URL pattern ${type.url.source} has an empty value`,
      { field: 'url', value: type.url.source },
    );
  }
  const titleValue = valueAt(entry, type.title);
  const updatedAt = optionalDate(entry, ['updatedAt']);
  const body = bodyFromEntry(entry, type.body);
  const description = optionalText(entry, type.description);
  const author = optionalText(entry, type.author);
  const published = optionalDate(entry, type.published);
  const llmindex = llmindexRole(entry, type.llmindex);
  return {
    id,
    ...(locale ? { locale } : {}),
    url,
    title: titleValue === null || titleValue === undefined ? '' : String(titleValue),
    ...(body ? { body } : {}),
    ...(description ? { description } : {}),
    ...(author ? { author } : {}),
    ...(published ? { published } : {}),
    ...(updatedAt ? { modified: updatedAt } : {}),
    section: type.section,
    ...(llmindex ? { llmindex } : {}),
    ...(type.usage ? { usage: type.usage } : {}),
  };
}
