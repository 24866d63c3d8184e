import { prepareDocument, type PreparedDocument } from '@agent-ready/core/document';
import { AgentReadyError } from '@agent-ready/core/errors';
import { StoreUnavailableError, type UpsertStatus } from '@agent-ready/store';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { StrapiEntry } from '../schema/strapi-schema';
import {
  documentKey,
  relatedDocumentIds,
  toAgentDocument,
  type MappingContext,
} from '../mapping/to-agent-document';
import {
  readDraftVersions,
  readExistingLocales,
  readPublishedVersions,
} from './read-published-entries';
import type { SyncContext } from './sync-context';

/** The table's locale for an entry, or undefined when that locale is not exposed. */
export function exposedLocale(
  context: SyncContext,
  type: ResolvedContentType,
  entry: StrapiEntry,
): string | undefined {
  if (!type.localized) return '';
  const locale = typeof entry.locale === 'string' ? entry.locale : '';
  return context.locales && !context.locales.has(locale) ? undefined : locale;
}

/**
 * Maps, prepares and stores one published entry. A version that cannot be served (no URL, no
 * title, unparsable content, a URL another document already has) is logged and reported as
 * `failed`, so the caller takes the old version off instead of serving stale content.
 * `revision` orders racing syncs of one document: take it (`engine.readRevision()`, the
 * database's clock) before reading.
 */
export async function storeEntry(
  context: SyncContext,
  type: ResolvedContentType,
  entry: StrapiEntry,
  revision: number,
  drafts: DraftRelations = new Map(),
): Promise<UpsertStatus | 'failed'> {
  try {
    return (await context.engine.upsert(prepareEntry(context, type, entry, revision, drafts)))
      .status;
  } catch (error) {
    return notServed(context, type, entry, error);
  }
}

/** What storing a page of entries did, entry by entry, and the rows it cost. */
export interface StoredEntries {
  statuses: (UpsertStatus | 'failed')[];
  /** The row's change position after a created or updated outcome. */
  changeSeqs: (number | undefined)[];
  /** Tombstones of paths the entries left (a new slug or pattern): changes of their own. */
  leftPaths: number;
  rowsRead: number;
  rowsWritten: number;
}

/**
 * `storeEntry` for many entries of one type at once (a reconcile's page): one read of their rows
 * and their changes in one transaction (`engine.upsertMany`). When one of them cannot be stored
 * (a URL another document already has), the page goes one at a time, which says which.
 */
export async function storeEntries(
  context: SyncContext,
  type: ResolvedContentType,
  entries: readonly StrapiEntry[],
  revision: number,
): Promise<StoredEntries> {
  const stored: StoredEntries = {
    statuses: entries.map(() => 'failed'),
    changeSeqs: entries.map(() => undefined),
    leftPaths: 0,
    rowsRead: 0,
    rowsWritten: 0,
  };
  const documents: PreparedDocument[] = [];
  const positions: number[] = [];
  const drafts = await readDraftRelations(context, type, entries);
  entries.forEach((entry, index) => {
    try {
      documents.push(prepareEntry(context, type, entry, revision, drafts));
      positions.push(index);
    } catch (error) {
      stored.statuses[index] = notServed(context, type, entry, error);
    }
  });
  if (documents.length === 0) return stored;
  try {
    const { outcomes, rowsRead, rowsWritten } = await context.engine.upsertMany(documents);
    stored.rowsRead += rowsRead;
    stored.rowsWritten += rowsWritten;
    outcomes.forEach((outcome, at) => {
      stored.statuses[positions[at]!] = outcome?.status ?? 'failed';
      stored.changeSeqs[positions[at]!] = outcome?.changeSeq;
      if (outcome?.leftPathSeq !== undefined) stored.leftPaths++;
    });
  } catch (error) {
    if (!(error instanceof AgentReadyError) || error instanceof StoreUnavailableError) throw error;
    for (const index of positions) {
      stored.statuses[index] = await storeEntry(context, type, entries[index]!, revision, drafts);
    }
  }
  return stored;
}

/** What mapping an entry needs of the sync's context. */
export function mappingContextOf(context: SyncContext): MappingContext {
  return {
    origin: context.prepareOptions.origin,
    rules: context.rules,
    mediaUrl: context.mediaUrl,
    types: context.types,
  };
}

/** What each entry's draft relates to, by `documentId` and locale (readDraftVersions). */
type DraftRelations = ReadonlyMap<string, readonly string[]>;

const draftKey = (entry: StrapiEntry) =>
  `${String(entry.documentId)}\u0000${String(entry.locale ?? '')}`;

/** The related documents of the drafts of `entries` (one read for all of them). */
async function readDraftRelations(
  context: SyncContext,
  type: ResolvedContentType,
  entries: readonly StrapiEntry[],
): Promise<DraftRelations> {
  const drafts = await readDraftVersions(
    context.documents,
    type,
    entries.map((entry) => String(entry.documentId)),
  );
  return new Map(drafts.map((draft) => [draftKey(draft), relatedDocumentIds(draft)]));
}

function prepareEntry(
  context: SyncContext,
  type: ResolvedContentType,
  entry: StrapiEntry,
  revision: number,
  drafts: DraftRelations,
): PreparedDocument {
  const document = toAgentDocument(entry, type, mappingContextOf(context));
  // What it shows, and what it relates to but cannot show yet (or any more): a related entry's
  // publication then re-syncs it (pages-showing).
  const dependsOn = [...(document.dependsOn ?? []), ...(drafts.get(draftKey(entry)) ?? [])];
  return prepareDocument(
    { ...document, revision, ...(dependsOn.length > 0 ? { dependsOn } : {}) },
    context.prepareOptions,
  );
}

/** Logs why a version cannot be served; errors that are not about the version go on up. */
function notServed(
  context: SyncContext,
  type: ResolvedContentType,
  entry: StrapiEntry,
  error: unknown,
): 'failed' {
  if (!(error instanceof AgentReadyError) || error instanceof StoreUnavailableError) throw error;
  const where = `${type.uid} ${String(entry.documentId)}${type.localized ? ` [${String(entry.locale)}]` : ''}`;
  context.log.warn(`agent-ready: ${where} is not served to agents: ${error.message}`);
  return 'failed';
}

export interface SyncOutcome {
  stored: number;
  removed: number;
  failed: number;
}

/**
 * Brings one document's rows in line with what Strapi has published now, in every locale:
 * upserts each published version (a no-op when nothing semantic changed), and takes off the
 * locales that have none: `unpublished` (404) while a draft remains, `deleted` (410) once the
 * locale is gone. Stateless and idempotent, so any number of changes, in any order, converge.
 */
export async function syncDocument(
  context: SyncContext,
  uid: string,
  documentId: string,
): Promise<SyncOutcome> {
  const key = documentKey(uid, documentId);
  const type = context.types.get(uid);
  const outcome: SyncOutcome = { stored: 0, removed: 0, failed: 0 };
  const served = new Set<string>();
  // Taken before anything is read: it orders this sync's upserts and removals against racing ones.
  const revision = await context.engine.readRevision();
  // A type without pages of its own has no rows: its entries are shown in the pages that
  // refer to them (which the caller re-syncs, see referencingTypes).
  if (type && type.page.kind !== 'none') {
    const entries = await readPublishedVersions(context.documents, type, documentId);
    const drafts =
      entries.length > 0 ? await readDraftRelations(context, type, entries) : new Map();
    for (const entry of entries) {
      const locale = exposedLocale(context, type, entry);
      if (locale === undefined) continue;
      const status = await storeEntry(context, type, entry, revision, drafts);
      if (status === 'failed') outcome.failed++;
      else {
        served.add(locale);
        if (status === 'created' || status === 'updated') outcome.stored++;
      }
    }
  }
  const gone = (await context.engine.storedLocales(key)).filter((locale) => !served.has(locale));
  if (gone.length === 0) return outcome;
  // A content type no longer exposed counts as unpublished: its documents may well still exist.
  const existing = type ? await readExistingLocales(context.db, type, documentId) : undefined;
  for (const locale of gone) {
    const reason = existing && !existing.has(locale) ? 'deleted' : 'unpublished';
    if ((await context.engine.remove(key, locale, reason, { revision })).removed) outcome.removed++;
  }
  return outcome;
}

/** Splits a store key back into content type UID and documentId. */
export function parseDocumentKey(key: string): { uid: string; documentId: string } | undefined {
  const at = key.lastIndexOf(':');
  if (at <= 0 || !key.slice(0, at).includes('::')) return undefined;
  return { uid: key.slice(0, at), documentId: key.slice(at + 1) };
}
