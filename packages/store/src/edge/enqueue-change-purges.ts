import type { Knex } from 'knex';
import {
  documentCacheTag,
  familyCacheTag,
  pathCacheTag,
  prefixCacheTags,
  SITE_CACHE_TAG,
  sitemapIndexCacheTag,
  sitemapShardCacheTag,
} from '@agent-ready/core/serve';
import type { TableNames } from '../schema/table-names';
import { enqueuePurgeKeys } from './purge-outbox';

/**
 * What a writer needs to purge shared caches on change (the `edge` option, when set): the key
 * prefix its tags carry, and who to tell once a commit enqueued some (the delivery loop).
 */
export interface EdgePurging {
  keyPrefix?: string;
  /** After the commit: the delivery loop sends them now instead of at its next poll. */
  onEnqueued?: () => void;
}

/**
 * Inside the change's transaction: enqueues `tags` (core's, unprefixed) with the site's prefix,
 * so the purge is owed exactly when the change commits. Nothing without `purging`.
 */
export async function enqueueChangePurges(
  trx: Knex.Transaction,
  tables: TableNames,
  purging: EdgePurging | undefined,
  tags: Iterable<string>,
): Promise<void> {
  if (!purging) return;
  const prefixed = prefixCacheTags(tags, purging.keyPrefix);
  if (prefixed.length > 0) await enqueuePurgeKeys(trx, tables, prefixed);
}

/**
 * What a document write changed: its M-URL and twin (the document's tag, wherever its path
 * was), the sitemap shards it moved and their index, and every change feed page.
 */
export function documentChangeTags(
  key: string,
  locale: string,
  shards: Iterable<number>,
): string[] {
  return [documentCacheTag(key, locale), ...listingChangeTags(shards)];
}

/** What any document write changes besides its document: its shards, their index, the feed. */
export function listingChangeTags(shards: Iterable<number>): string[] {
  return [
    ...[...shards].map((shard) => sitemapShardCacheTag(shard)),
    sitemapIndexCacheTag(),
    familyCacheTag('change-feed'),
  ];
}

/**
 * What an artifact install changed: each artifact whose row it wrote or dropped (by path);
 * when the set of artifacts changed, robots.txt (its `Sitemap:` lines) and the twins (their
 * llms.txt directive); when the stored site settings changed, everything.
 */
export function installChangeTags(install: {
  written: readonly string[];
  setChanged: boolean;
  servingChanged: boolean;
}): string[] {
  if (install.servingChanged) return [SITE_CACHE_TAG];
  return [
    ...install.written.map((name) => pathCacheTag(name)),
    ...(install.setChanged ? [familyCacheTag('robots-txt'), familyCacheTag('markdown-twin')] : []),
  ];
}

/** A new sitemap layout or settings: every shard and the index. */
export const SITEMAP_SETTINGS_TAGS: readonly string[] = [familyCacheTag('json-sitemap')];
