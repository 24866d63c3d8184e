import type { Knex } from 'knex';
import {
  enqueueChangePurges,
  SITEMAP_SETTINGS_TAGS,
  type EdgePurging,
} from '../edge/enqueue-change-purges';
import {
  readSitemapSettings,
  writeSitemapSettings,
  type SitemapSettings,
} from './sitemap-settings';
import { announceChange } from '../state/announce-change';
import { lockContentSequence } from '../state/store-state';
import type { TableNames } from '../schema/table-names';

/**
 * The JSON sitemap as a view over the documents table. A shard is a fixed range of row ids
 * (`n` per shard: shard s holds ids (s - 1) * n .. s * n - 1), so a document keeps its shard for
 * life and new documents fill the last one. Every write moves its shard's `version` in the same
 * transaction as the row; a shard is composed from its rows when asked (and cached per version),
 * so the sitemap, the M-URLs and the change feed agree at every commit, and a change costs one
 * shard: n rows, whatever the size of the site.
 */

/** The shard (1-based) a row id belongs to. */
export function sitemapShardOfId(id: number, itemsPerShard: number): number {
  return Math.floor(id / itemsPerShard) + 1;
}

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
  {
    relayout: forced = false,
    purging,
  }: { relayout?: boolean; purging?: EdgePurging | undefined } = {},
): Promise<boolean> {
  const changed = await knex.transaction(async (trx) => {
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
    await writeSitemapSettings(trx, t, settings, { replace: stored !== undefined });
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
    await enqueueChangePurges(trx, t, purging, SITEMAP_SETTINGS_TAGS);
    await announceChange(trx, t, 'layout');
    return true;
  });
  if (changed) purging?.onEnqueued?.();
  return changed;
}
