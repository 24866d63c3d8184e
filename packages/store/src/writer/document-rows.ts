import type { Knex } from 'knex';
import {
  isTctProfileName,
  type PreparedDocument,
  type RenderedDocument,
  type TctProfileName,
} from '@agent-ready/core';
import type { TableNames } from '../schema/table-names';
import { toBuffer } from '../ground/to-buffer';
import { pathKey } from '../schema/path-key';
import { dependenciesDigest } from './document-dependencies';

export type DocumentState = 'published' | 'unpublished' | 'deleted';
export type Visibility = 'public' | 'protected';

/** One row of the documents table, as the store reads it (bigints as numbers). */
export interface DocumentRow {
  id: number;
  key: string;
  locale: string;
  state: DocumentState;
  visibility: Visibility;
  cUrl: string;
  mUrl: string;
  mPath: string;
  mPathKey: string | null;
  section: string;
  title: string;
  description: string | null;
  language: string | null;
  modified: string;
  modifiedMs: number;
  fingerprint: string;
  renderKey: string;
  hash: string | null;
  revision: number | null;
  changeSeq: number;
  /** Ever listed publicly: its changes (removals included) reach the change feed. */
  listed: boolean;
  /** Digest of what it was made from beyond its own entry (document-dependencies); null: nothing. */
  dependsDigest: string | null;
}

/** The served part of a row: what an M-URL request needs. */
export interface MUrlRow extends Pick<
  DocumentRow,
  'key' | 'locale' | 'state' | 'visibility' | 'cUrl' | 'mUrl' | 'modified' | 'hash'
> {
  body: Buffer | null;
  /** The TCT profile `body` was rendered in (rows stored before profiles were recorded: tct-1). */
  profile: TctProfileName;
  /** The body's Content-Digest as core formed it; null for rows stored before it was kept. */
  contentDigest: string | null;
  htmlBytes: number | null;
  usage: string | null;
}

export const ROW_COLUMNS = [
  'id',
  'doc_key',
  'locale',
  'state',
  'visibility',
  'c_url',
  'm_url',
  'm_path',
  'm_path_key',
  'section',
  'title',
  'description',
  'language',
  'modified',
  'modified_ms',
  'fingerprint',
  'render_key',
  'hash',
  'revision',
  'change_seq',
  'listed',
  'depends_digest',
] as const;

type RawRow = Record<string, unknown>;

const toNumber = (value: unknown): number => Number(value);
const toNullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const toNullableString = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** A row's profile: NULL (stored before profiles were recorded) is tct-1, the only one then. */
export function storedProfileName(value: unknown): TctProfileName {
  return isTctProfileName(value) ? value : 'tct-1';
}

export function fromRawRow(raw: RawRow): DocumentRow {
  return {
    id: toNumber(raw.id),
    key: String(raw.doc_key),
    locale: String(raw.locale),
    state: raw.state as DocumentState,
    visibility: raw.visibility as Visibility,
    cUrl: String(raw.c_url),
    mUrl: String(raw.m_url),
    mPath: String(raw.m_path),
    mPathKey: toNullableString(raw.m_path_key),
    section: String(raw.section),
    title: String(raw.title),
    description: toNullableString(raw.description),
    language: toNullableString(raw.language),
    modified: String(raw.modified),
    modifiedMs: toNumber(raw.modified_ms),
    fingerprint: String(raw.fingerprint),
    renderKey: String(raw.render_key),
    hash: toNullableString(raw.hash),
    revision: toNullableNumber(raw.revision),
    changeSeq: toNumber(raw.change_seq),
    // PostgreSQL answers a boolean, SQLite and MySQL 0 or 1.
    listed: raw.listed === true || Number(raw.listed) === 1,
    dependsDigest: toNullableString(raw.depends_digest),
  };
}

/** Where a published row stands in time and in the commit order. */
export interface PublishedRowStamp {
  modifiedMs: number;
  committedMs: number;
  changeSeq: number;
  revision: number | null;
}

/**
 * The columns of a published document's row: the document, the bytes rendered for its
 * `modified` and the validators core formed for them (documentValidators). Key columns
 * (`doc_key`, `locale`) and `listed` are the writer's.
 */
export function publishedRowValues(
  doc: PreparedDocument,
  rendered: RenderedDocument,
  stamp: PublishedRowStamp,
): Record<string, unknown> {
  return {
    state: 'published',
    visibility: doc.visibility,
    c_url: doc.cUrl,
    m_url: doc.mUrl,
    m_path: doc.mPath,
    m_path_key: pathKey(doc.mPath),
    section: doc.section,
    title: doc.title,
    description: doc.description ?? null,
    language: doc.language ?? null,
    modified: new Date(stamp.modifiedMs).toISOString(),
    modified_ms: stamp.modifiedMs,
    committed_ms: stamp.committedMs,
    fingerprint: doc.fingerprint,
    render_key: doc.renderKey,
    profile: doc.profile,
    hash: rendered.hash,
    content_digest: rendered.contentDigest,
    body: rendered.body,
    scp_line: rendered.scpLine,
    markdown: rendered.markdown,
    markdown_hash: rendered.markdownHash,
    usage: doc.usage ?? null,
    llm_role: doc.llmindex?.role ?? null,
    llm_data: doc.llmindex ? JSON.stringify(doc.llmindex.data) : null,
    revision: stamp.revision,
    change_seq: stamp.changeSeq,
    depends_digest: dependenciesDigest(doc),
  };
}

/** A row's content columns, cleared: what a row that serves nothing (a tombstone) holds. */
export const CLEARED_CONTENT = {
  hash: null,
  content_digest: null,
  body: null,
  scp_line: null,
  markdown: null,
  markdown_hash: null,
  depends_digest: null,
} as const;

/** Inserts a document row and returns its id, on every database. */
export async function insertDocumentRow(
  trx: Knex.Transaction,
  t: TableNames,
  dialect: 'sqlite' | 'postgres' | 'mysql',
  values: Record<string, unknown>,
): Promise<number> {
  if (dialect === 'postgres') {
    const [row] = (await trx(t.documents).insert(values, ['id'])) as { id: unknown }[];
    return Number(row!.id);
  }
  // better-sqlite3 and mysql2 answer with the new row's id.
  const [id] = (await trx(t.documents).insert(values)) as unknown[];
  return Number(id);
}

/** `2025-10-01T12:00:00.123Z`: millisecond precision so two edits in one second stay ordered. */
export function formatModified(ms: number): string {
  return new Date(ms).toISOString();
}

/** Whether the stored row already serves `doc` as it is: nothing semantic changed. */
export function sameMaterial(row: DocumentRow, doc: PreparedDocument): boolean {
  return (
    row.state === 'published' &&
    row.fingerprint === doc.fingerprint &&
    row.renderKey === doc.renderKey &&
    row.mPathKey === pathKey(doc.mPath) &&
    row.visibility === doc.visibility &&
    row.section === doc.section
  );
}

export async function findDocumentRow(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  key: string,
  locale: string,
): Promise<DocumentRow | undefined> {
  const raw = await knex(t.documents).where({ doc_key: key, locale }).first(ROW_COLUMNS);
  return raw ? fromRawRow(raw) : undefined;
}

export async function findPathHolder(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  mPath: string,
): Promise<DocumentRow | undefined> {
  const raw = await knex(t.documents)
    .where({ m_path_key: pathKey(mPath) })
    .first(ROW_COLUMNS);
  return raw ? fromRawRow(raw) : undefined;
}

export interface MarkdownTwinRow {
  key: string;
  state: DocumentState;
  visibility: Visibility;
  cUrl: string;
  modified: string;
  markdown: string | null;
  markdownHash: string | null;
  usage: string | null;
  locale: string;
}

/** The columns every served view of a row reads (`servedRowOf`), its path to check the key. */
const SERVED_ROW_COLUMNS = [
  'doc_key',
  'locale',
  'state',
  'visibility',
  'c_url',
  'm_path',
  'modified',
  'usage',
] as const;

/** What every served view of a row holds: whose, in which state, where, since when, its terms. */
function servedRowOf(raw: Record<string, unknown>) {
  return {
    key: String(raw.doc_key),
    locale: String(raw.locale ?? ''),
    state: raw.state as DocumentState,
    visibility: raw.visibility as Visibility,
    cUrl: String(raw.c_url),
    modified: String(raw.modified),
    usage: toNullableString(raw.usage),
  };
}

/** The Markdown twin of the document whose M-URL path is `mPath`. */
export async function findMarkdownTwinRow(
  knex: Knex,
  t: TableNames,
  mPath: string,
): Promise<MarkdownTwinRow | undefined> {
  const raw = await knex(t.documents)
    .where({ m_path_key: pathKey(mPath) })
    .first(...SERVED_ROW_COLUMNS, 'markdown', 'markdown_hash');
  if (!raw || raw.m_path !== mPath) return undefined;
  return {
    ...servedRowOf(raw),
    markdown: toNullableString(raw.markdown),
    markdownHash: toNullableString(raw.markdown_hash),
  };
}

/**
 * The row serving `mPath` (published or tombstone), with its body, and the content position it
 * was read at: one statement, so one snapshot on every database (`contentSeq` is undefined
 * when no row serves the path).
 */
export async function findMUrlRow(
  knex: Knex,
  t: TableNames,
  mPath: string,
): Promise<(MUrlRow & { contentSeq: number }) | undefined> {
  const raw = await knex(t.documents)
    .where({ m_path_key: pathKey(mPath) })
    .first(
      knex(t.state).where({ name: 'content_seq' }).select('value').as('content_seq'),
      ...SERVED_ROW_COLUMNS,
      'm_url',
      'hash',
      'body',
      'profile',
      'content_digest',
      'html_bytes',
    );
  // The key is a hash: compare the path itself too, so a collision could never serve another page.
  if (!raw || raw.m_path !== mPath) return undefined;
  return {
    ...servedRowOf(raw),
    mUrl: String(raw.m_url),
    hash: toNullableString(raw.hash),
    body: toBuffer(raw.body),
    profile: storedProfileName(raw.profile),
    contentDigest: toNullableString(raw.content_digest),
    htmlBytes: toNullableNumber(raw.html_bytes),
    contentSeq: Number(raw.content_seq),
  };
}

/** Which published rows a listing reads (public ones unless asked otherwise). */
export interface PublishedRowsOptions {
  visibility?: Visibility;
  section?: string;
  role?: boolean;
  /** Only rows whose last change committed in (after, upTo], milliseconds. */
  committedAfterMs?: number;
  committedUpToMs?: number;
  /** Only rows with `fromId <= id < belowId`: a part of the site, read by its key range. */
  fromId?: number;
  belowId?: number;
}

/**
 * Pages through published rows in id order (keyset pagination, never one giant result set: the
 * SQLite driver would materialize it). Not a snapshot by itself: the rebuild checks the content
 * sequence before and after to know whether the pass saw one consistent state.
 */
export async function* iteratePublishedRows<C extends string>(
  knex: Knex,
  t: TableNames,
  columns: readonly C[],
  options: PublishedRowsOptions & { pageSize?: number } = {},
): AsyncGenerator<Record<C | 'id', unknown>> {
  const pageSize = options.pageSize ?? 1000;
  let lastId = (options.fromId ?? 1) - 1;
  while (true) {
    let query = knex(t.documents)
      .where('state', 'published')
      .andWhere('id', '>', lastId)
      .orderBy('id')
      .limit(pageSize)
      .select(['id', ...columns]);
    if (options.visibility) query = query.andWhere('visibility', options.visibility);
    if (options.section !== undefined) query = query.andWhere('section', options.section);
    if (options.role) query = query.whereNotNull('llm_role');
    if (options.committedAfterMs !== undefined)
      query = query.andWhere('committed_ms', '>', options.committedAfterMs);
    if (options.committedUpToMs !== undefined)
      query = query.andWhere('committed_ms', '<=', options.committedUpToMs);
    if (options.belowId !== undefined) query = query.andWhere('id', '<', options.belowId);
    const rows: Record<C | 'id', unknown>[] = await query;
    for (const row of rows) yield row;
    if (rows.length < pageSize) return;
    lastId = Number(rows[rows.length - 1]!.id);
  }
}

/** Every row's id above `afterId`, whatever its state, ascending; read in pages. */
export async function* iterateRowIds(
  knex: Knex,
  t: TableNames,
  afterId: number,
  pageSize = 5000,
): AsyncGenerator<number> {
  let lastId = afterId;
  while (true) {
    const rows: { id: unknown }[] = await knex(t.documents)
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(pageSize)
      .select('id');
    for (const row of rows) yield Number(row.id);
    if (rows.length < pageSize) return;
    lastId = Number(rows[rows.length - 1]!.id);
  }
}
