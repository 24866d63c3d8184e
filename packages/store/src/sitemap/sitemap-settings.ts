import type { Knex } from 'knex';
import {
  DEFAULT_MAX_SITEMAP_ITEMS,
  DEFAULT_SITEMAP_PATH,
  normalizeUri,
  sitemapIndexPath,
  sitemapShardPath,
  ValidationError,
  tctProfile,
  type TctProfile,
  type TctProfileName,
} from '@agent-ready/core';
import type { TableNames } from '../schema/table-names';

/**
 * The JSON sitemap's settings: what a writer configures (origin, shard size, overview, policy
 * link, profile), resolved and stored in the settings table, so that every process serving the
 * table serves the same sitemap (see sitemap-layout for how the shards follow them).
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

const SETTINGS_NAME = 'sitemap';

export async function readSitemapSettings(
  knex: Knex | Knex.Transaction,
  t: TableNames,
): Promise<SitemapSettings | undefined> {
  const row = (await knex(t.settings).where({ name: SETTINGS_NAME }).first('value')) as
    { value: unknown } | undefined;
  return row ? (JSON.parse(String(row.value)) as SitemapSettings) : undefined;
}

/** Stores the settings (inside the transaction that lays the shards out for them). */
export async function writeSitemapSettings(
  trx: Knex.Transaction,
  t: TableNames,
  settings: SitemapSettings,
  { replace }: { replace: boolean },
): Promise<void> {
  const value = JSON.stringify(settings);
  if (replace) await trx(t.settings).where({ name: SETTINGS_NAME }).update({ value });
  else await trx(t.settings).insert({ name: SETTINGS_NAME, value });
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
