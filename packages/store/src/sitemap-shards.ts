import type { Knex } from 'knex';
import {
  buildSitemapIndex,
  buildSitemapShard,
  DEFAULT_MAX_SITEMAP_ITEMS,
  DEFAULT_SITEMAP_PATH,
  normalizeUri,
  sitemapIndexPath,
  sitemapShardPath,
  ValidationError,
  tctProfile,
  type SitemapDocument,
  type SitemapEntry,
  type SitemapShard,
  type SitemapShardSummary,
  type TctProfile,
  type TctProfileName,
} from '@agent-ready/core';
import { announceChange } from './announce-change';
import { lockContentSequence } from './store-state';
import type { TableNames } from './table-names';

/**
 * The JSON sitemap as a view over the documents table. A shard is a fixed range of row ids
 * (`n` per shard: shard s holds ids (s - 1) * n .. s * n - 1), so a document keeps its shard for
 * life and new documents fill the last one. Every write moves its shard's `version` in the same
 * transaction as the row; a shard is composed from its rows when asked (and cached per version),
 * so the sitemap, the M-URLs and the change feed agree at every commit, and a change costs one
 * shard: n rows, whatever the size of the site.
 */

/** Items per shard unless configured: small enough that re-reading one after an edit is cheap. */
export const DEFAULT_SITEMAP_SHARD_ITEMS = 500;

/** What a writer configures; stored in the table so that every reader serves the same sitemap. */
export interface SitemapSettingsInput {
  /** Public origin: shard URLs are built on it. */
  origin: string;
  /** C-URL of the overview item (home or about), listed first in shard 1. */
  overviewUrl?: string;
  /** Items per shard (default 500); a new value lays the shards out anew. */
  maxItemsPerShard?: number;
  /** Path of the first shard (default /llm-sitemap.json). */
  path?: string;
  /** Absolute URL of the policy descriptor, linked from every shard (`rel="describedby"`). */
  policyUrl?: string;
  /** The TCT profile the documents are composed in (default tct-1); a change lays them out anew. */
  profile?: TctProfileName;
}

/** The stored form: every default applied, URLs normalized. */
export interface SitemapSettings {
  origin: string;
  overviewUrl?: string;
  itemsPerShard: number;
  path: string;
  policyUrl?: string;
  /** Absent in settings stored before profiles: tct-1, the only one then. */
  profile?: TctProfileName;
}

/** The profile of stored settings (tct-1 when they name none: written before profiles). */
export function sitemapProfileOf(settings: SitemapSettings): TctProfile {
  return tctProfile(settings.profile ?? 'tct-1');
}

export function resolveSitemapSettings(input: SitemapSettingsInput): SitemapSettings {
  const itemsPerShard = input.maxItemsPerShard ?? DEFAULT_SITEMAP_SHARD_ITEMS;
  // Shard 1 has one id fewer (ids start at 1), which leaves room for the overview item.
  if (!Number.isSafeInteger(itemsPerShard) || itemsPerShard < 1) {
    throw new ValidationError('sitemap.max-items', 'maxItemsPerShard must be a positive integer', {
      field: 'sitemap.maxItemsPerShard',
      value: itemsPerShard,
    });
  }
  if (itemsPerShard > DEFAULT_MAX_SITEMAP_ITEMS) {
    throw new ValidationError(
      'sitemap.max-items',
      `maxItemsPerShard must be at most ${DEFAULT_MAX_SITEMAP_ITEMS} (the sitemaps.org limit)`,
      { field: 'sitemap.maxItemsPerShard', value: itemsPerShard },
    );
  }
  const profile = tctProfile(input.profile ?? 'tct-1');
  const cap = profile.limits.maxSitemapItems;
  if (cap !== undefined && itemsPerShard > cap) {
    throw new ValidationError(
      'sitemap.max-items',
      `maxItemsPerShard must be at most ${cap} under ${profile.name} (its M-Sitemap limit)`,
      { field: 'sitemap.maxItemsPerShard', value: itemsPerShard },
    );
  }
  return {
    origin: normalizeUri(input.origin).replace(/\/$/, ''),
    ...(input.overviewUrl !== undefined ? { overviewUrl: normalizeUri(input.overviewUrl) } : {}),
    itemsPerShard,
    path: input.path ?? DEFAULT_SITEMAP_PATH,
    ...(input.policyUrl !== undefined ? { policyUrl: input.policyUrl } : {}),
    // tct-1 is stored as before (no member), so a writer of this version changes nothing there.
    ...(profile.name !== 'tct-1' ? { profile: profile.name } : {}),
  };
}

/** The shard (1-based) a row id belongs to. */
export function sitemapShardOfId(id: number, itemsPerShard: number): number {
  return Math.floor(id / itemsPerShard) + 1;
}

const SETTINGS_NAME = 'sitemap';
const LAYOUT_STATE = [
  'sitemap_shard_items',
  'sitemap_overview_id',
  'sitemap_layout',
  'content_seq',
] as const;

/** Where the shards stand: items per shard (0: no sitemap configured), the overview row, and a
 * generation that moves with every change of settings or layout. */
export interface SitemapLayout {
  itemsPerShard: number;
  overviewId: number;
  generation: number;
  /** The content position it was read at (in the same statement). */
  contentSeq: number;
}

export async function readSitemapLayout(
  knex: Knex | Knex.Transaction,
  t: TableNames,
): Promise<SitemapLayout> {
  const rows: { name: string; value: unknown }[] = await knex(t.state)
    .whereIn('name', LAYOUT_STATE)
    .select('name', 'value');
  const value = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0);
  return {
    itemsPerShard: value('sitemap_shard_items'),
    overviewId: value('sitemap_overview_id'),
    generation: value('sitemap_layout'),
    contentSeq: value('content_seq'),
  };
}

export async function readSitemapSettings(
  knex: Knex | Knex.Transaction,
  t: TableNames,
): Promise<SitemapSettings | undefined> {
  const row = (await knex(t.settings).where({ name: SETTINGS_NAME }).first('value')) as
    { value: unknown } | undefined;
  return row ? (JSON.parse(String(row.value)) as SitemapSettings) : undefined;
}

async function findOverviewId(
  trx: Knex.Transaction,
  t: TableNames,
  overviewUrl: string | undefined,
): Promise<number> {
  if (overviewUrl === undefined) return 0;
  // Once per layout: c_url has no index, and needs none for this.
  const row = (await trx(t.documents)
    .where({ c_url: overviewUrl, state: 'published', visibility: 'public' })
    .orderBy('id')
    .first('id')) as { id: unknown } | undefined;
  return row ? Number(row.id) : 0;
}

/**
 * Stores the writer's sitemap settings and, when the items per shard or the overview changed
 * (or on first use), lays the shards out anew: one version row per shard, all moved, so every
 * reader composes them again. A no-op when nothing changed. Returns whether anything did.
 */
export async function installSitemapSettings(
  knex: Knex,
  t: TableNames,
  settings: SitemapSettings,
  { relayout: forced = false }: { relayout?: boolean } = {},
): Promise<boolean> {
  return knex.transaction(async (trx) => {
    await lockContentSequence(trx, t);
    const stored = await readSitemapSettings(trx, t);
    const layout = await readSitemapLayout(trx, t);
    if (
      !forced &&
      stored &&
      layout.itemsPerShard === settings.itemsPerShard &&
      JSON.stringify(stored) === JSON.stringify(settings)
    ) {
      return false;
    }
    const value = JSON.stringify(settings);
    if (stored) await trx(t.settings).where({ name: SETTINGS_NAME }).update({ value });
    else await trx(t.settings).insert({ name: SETTINGS_NAME, value });
    // A new profile changes every shard's bytes: the memos (hashes for the index) start over.
    const relayout =
      forced ||
      !stored ||
      layout.itemsPerShard !== settings.itemsPerShard ||
      stored.overviewUrl !== settings.overviewUrl ||
      (stored.profile ?? 'tct-1') !== (settings.profile ?? 'tct-1');
    if (relayout) {
      const contentSeq = Number(
        ((await trx(t.state).where({ name: 'content_seq' }).first('value')) as { value: unknown })
          .value,
      );
      const maxRow = (await trx(t.documents).max({ id: 'id' }).first()) as
        { id: unknown } | undefined;
      const shards = sitemapShardOfId(Number(maxRow?.id ?? 0), settings.itemsPerShard);
      await trx(t.sitemapShards).delete();
      for (let first = 1; first <= shards; first += 500) {
        const batch = [];
        for (let shard = first; shard <= Math.min(shards, first + 499); shard++)
          batch.push({ shard, version: contentSeq });
        await trx(t.sitemapShards).insert(batch);
      }
      await trx(t.state)
        .where({ name: 'sitemap_shard_items' })
        .update({ value: settings.itemsPerShard });
      await trx(t.state)
        .where({ name: 'sitemap_overview_id' })
        .update({ value: await findOverviewId(trx, t, settings.overviewUrl) });
    }
    await trx(t.state).where({ name: 'sitemap_layout' }).increment('value', 1);
    await announceChange(trx, t, 'layout');
    return true;
  });
}

async function moveShardVersion(
  trx: Knex.Transaction,
  t: TableNames,
  shard: number,
  version: number,
): Promise<void> {
  const updated = await trx(t.sitemapShards).where({ shard }).update({ version });
  if (updated === 0) await trx(t.sitemapShards).insert({ shard, version });
}

/**
 * Inside a write's transaction (the content sequence locked): moves the version of the shard
 * that holds row `rowId`, and of shard 1 when the row is (or becomes) the overview item.
 * `isOverview`: the row is now the published, public overview document.
 */
export async function touchSitemapShard(
  trx: Knex.Transaction,
  t: TableNames,
  rowId: number,
  changeSeq: number,
  isOverview: boolean,
): Promise<void> {
  const layout = await readSitemapLayout(trx, t);
  if (layout.itemsPerShard === 0) return;
  const shards = new Set([sitemapShardOfId(rowId, layout.itemsPerShard)]);
  if (rowId === layout.overviewId) shards.add(1);
  if (isOverview && rowId !== layout.overviewId) {
    // A new overview document: it moves to shard 1, the previous one back to its own shard.
    if (layout.overviewId > 0)
      shards.add(sitemapShardOfId(layout.overviewId, layout.itemsPerShard));
    shards.add(1);
    await trx(t.state).where({ name: 'sitemap_overview_id' }).update({ value: rowId });
  }
  for (const shard of shards) await moveShardVersion(trx, t, shard, changeSeq);
}

export interface ShardVersion {
  shard: number;
  version: number;
  memo?: ShardMemo;
}

/** What the engine stored of a shard as last composed: enough for its index entry. */
export interface ShardMemo {
  version: number;
  etag: string;
  items: number;
  modifiedMs: number;
  /** The newest `modified` of its items as written (the -03 index hint); none when empty. */
  lastModified?: string;
}

export async function readShardVersions(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  shard?: number,
): Promise<ShardVersion[]> {
  let query = knex(t.sitemapShards)
    .select(
      'shard',
      'version',
      'memo_version',
      'memo_etag',
      'memo_items',
      'memo_modified_ms',
      'memo_last_modified',
    )
    .orderBy('shard');
  if (shard !== undefined) query = query.where({ shard });
  const rows: Record<string, unknown>[] = await query;
  return rows.map((row) => ({
    shard: Number(row.shard),
    version: Number(row.version),
    ...(row.memo_version !== null && row.memo_version !== undefined && row.memo_etag
      ? {
          memo: {
            version: Number(row.memo_version),
            etag: String(row.memo_etag),
            items: Number(row.memo_items),
            modifiedMs: Number(row.memo_modified_ms),
            ...(row.memo_last_modified ? { lastModified: String(row.memo_last_modified) } : {}),
          },
        }
      : {}),
  }));
}

/** A shard as composed from its rows at `version`. */
export interface ComposedShard {
  shard: SitemapShard;
  version: number;
  /** Newest `modified` of its rows, whatever their state (removals stamp it too). */
  lastModifiedMs: number;
  /** Rows read to compose it (the cost of a change, counted by tests and the bench). */
  rowsRead: number;
}

const SHARD_COLUMNS = [
  'id',
  'state',
  'visibility',
  'c_url',
  'm_url',
  'modified',
  'modified_ms',
  'hash',
] as const;

/**
 * Composes shard `shard` from its rows. Run it inside one read transaction with the version read
 * (`readConsistently`), so the bytes are those of that version exactly.
 */
export async function composeSitemapShard(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  settings: SitemapSettings,
  layout: SitemapLayout,
  shard: number,
  version: number,
): Promise<ComposedShard> {
  const n = layout.itemsPerShard;
  const { overviewId } = layout;
  let query = knex(t.documents)
    .whereBetween('id', [(shard - 1) * n, shard * n - 1])
    .select(SHARD_COLUMNS);
  // The overview row is listed in shard 1, wherever its id falls.
  if (overviewId > 0) query = query.whereNot('id', overviewId);
  const rows: Record<string, unknown>[] = await query;
  if (shard === 1 && overviewId > 0) {
    const overview = await knex(t.documents).where({ id: overviewId }).first(SHARD_COLUMNS);
    if (overview) rows.push(overview as Record<string, unknown>);
  }
  let lastModifiedMs = 0;
  let overviewUrl: string | undefined;
  const entries: SitemapEntry[] = [];
  for (const row of rows) {
    lastModifiedMs = Math.max(lastModifiedMs, Number(row.modified_ms));
    if (row.state !== 'published' || row.visibility !== 'public' || !row.hash) continue;
    if (Number(row.id) === overviewId) overviewUrl = String(row.c_url);
    entries.push({
      cUrl: String(row.c_url),
      mUrl: String(row.m_url),
      modified: String(row.modified),
      hash: String(row.hash),
    });
  }
  return {
    shard: buildSitemapShard(entries, shard, {
      origin: settings.origin,
      path: settings.path,
      profile: sitemapProfileOf(settings),
      maxItemsPerShard: n,
      ...(overviewUrl !== undefined ? { overviewUrl } : {}),
    }),
    version,
    lastModifiedMs,
    rowsRead: rows.length,
  };
}

/**
 * Runs `read` in one transaction that sees a single committed state (PostgreSQL and MySQL:
 * REPEATABLE READ; SQLite: a read transaction is a snapshot already), so a version read and the
 * rows read under it agree.
 */
export function readConsistently<T>(knex: Knex, read: (trx: Knex.Transaction) => Promise<T>) {
  const client = String((knex.client as { config?: { client?: unknown } }).config?.client ?? '');
  const snapshot = /pg|postgres|mysql/.test(client);
  return knex.transaction(read, snapshot ? { isolationLevel: 'repeatable read' } : undefined);
}

/** The index document of a sharded sitemap (shard summaries in shard order), in its profile. */
export function composeSitemapIndex(
  settings: SitemapSettings,
  shards: readonly SitemapShardSummary[],
): SitemapDocument {
  return buildSitemapIndex(shards, {
    origin: settings.origin,
    path: settings.path,
    profile: sitemapProfileOf(settings),
  });
}

/** Which sitemap document a request path names: a shard (1-based), the index, or neither. */
export function sitemapDocumentOf(
  settings: SitemapSettings,
  path: string,
): { shard: number } | { index: true } | undefined {
  if (path === settings.path) return { shard: 1 };
  if (path === sitemapIndexPath(settings.path)) return { index: true };
  const match = /-([1-9][0-9]{0,8})(\.[^./]*)?$/.exec(path);
  if (!match) return undefined;
  const shard = Number(match[1]);
  return shard >= 2 && sitemapShardPath(settings.path, shard) === path ? { shard } : undefined;
}

/**
 * The engine's part after a burst: composes the shards whose memo is behind their version and
 * stores hash, items and Last-Modified, so an index read costs one small row per shard. Each
 * shard is composed in its own snapshot and stored only if no write moved it meanwhile.
 * Returns the rows read (what the burst cost).
 */
export async function refreshSitemapMemos(
  knex: Knex,
  t: TableNames,
): Promise<{ rowsRead: number; shards: number }> {
  const settings = await readSitemapSettings(knex, t);
  if (!settings) return { rowsRead: 0, shards: 0 };
  const stale: { shard: unknown }[] = await knex(t.sitemapShards)
    .whereNull('memo_version')
    .orWhere('memo_version', '<>', knex.ref('version'))
    .orderBy('shard')
    .select('shard');
  let rowsRead = 0;
  let shards = 0;
  for (const row of stale) {
    const shard = Number(row.shard);
    const composed = await readConsistently(knex, async (trx) => {
      const layout = await readSitemapLayout(trx, t);
      const [current] = await readShardVersions(trx, t, shard);
      if (!current || layout.itemsPerShard === 0) return undefined;
      return composeSitemapShard(trx, t, settings, layout, shard, current.version);
    });
    if (!composed) continue;
    rowsRead += composed.rowsRead;
    shards++;
    await knex(t.sitemapShards)
      .where({ shard, version: composed.version })
      .update({
        memo_version: composed.version,
        memo_etag: composed.shard.resource.hash,
        memo_items: composed.shard.itemCount,
        memo_modified_ms: composed.lastModifiedMs,
        memo_last_modified: composed.shard.lastModified ?? null,
      });
  }
  return { rowsRead, shards };
}
