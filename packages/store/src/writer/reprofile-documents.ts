import type { Knex } from 'knex';
import {
  convertMUrlProfile,
  DEFAULT_MAX_M_URL_BYTES,
  documentRenderKey,
  normalizeUri,
  TCT_1,
  TCT_PROFILES,
  ValidationError,
  type PrepareDocumentOptions,
} from '@agent-ready/core';
import { toBuffer } from '../ground/to-buffer';
import {
  documentChangeTags,
  enqueueChangePurges,
  type EdgePurging,
} from '../edge/enqueue-change-purges';
import { touchSitemapShard } from '../sitemap/sitemap-shard-versions';
import type { StoreLogger } from '../ground/store-logger';
import { advanceCommitClock, bumpContentSequence, lockContentSequence } from '../state/store-state';
import type { TableNames } from '../schema/table-names';

/** Rows looked up per query; each is then re-rendered in a transaction of its own. */
const PAGE_SIZE = 500;

export interface ReprofileOptions {
  /** How the site's documents are rendered now (the adapters' prepare options). */
  rendering: PrepareDocumentOptions;
  /** C-URL of the sitemap's overview item, if any (it leads shard 1). */
  overviewUrl?: string;
  clock: () => number;
  logger: StoreLogger;
  /** Stops the pass between rows (the engine is closing). */
  stopped: () => boolean;
  /** After each page of rows re-rendered: readers of this process see them at once. */
  onProgress: () => void;
  /** Shared-cache purges of the rows re-rendered (the `edge` option). */
  purging?: EdgePurging;
}

/**
 * Re-renders, from their stored bytes, the published rows rendered in another TCT profile under
 * otherwise the same settings: the site's profile changed. A render key names the settings a row
 * was rendered with, so the keys of the site's settings in every other profile find exactly those
 * rows. Each row is rewritten in a transaction of its own, and only if no write touched it since
 * it was found (a save in between rendered it already): new bytes, hash, digest, render key and
 * profile, `modified` kept, its change sequence, commit time and sitemap shard moved, as
 * `upsert` re-renders a document for a new render key. So a restart with a new profile, or a new
 * profile saved in settings, never leaves old bytes served, even where nothing re-publishes the
 * documents (the Express adapter's app). Rows rendered under other settings (origin, M-URL
 * suffix, size cap, renderer version) need their source: the next publish or reconcile renders
 * them. A row whose bytes cannot be converted is left as it is (served in its own profile) and
 * logged. Returns how many rows were re-rendered.
 */
export async function reprofileDocuments(
  knex: Knex,
  t: TableNames,
  options: ReprofileOptions,
): Promise<number> {
  const { rendering } = options;
  const profile = rendering.profile ?? TCT_1;
  const renderKey = documentRenderKey(rendering);
  const staleKeys = Object.values(TCT_PROFILES)
    .filter((other) => other.name !== profile.name)
    .map((other) => documentRenderKey({ ...rendering, profile: other }));
  const maxBytes = rendering.maxDocumentBytes ?? DEFAULT_MAX_M_URL_BYTES;
  const overviewUrl = options.overviewUrl && normalizeUri(options.overviewUrl);
  let rerendered = 0;
  let lastId = 0;
  while (!options.stopped()) {
    const found: { id: unknown; change_seq: unknown }[] = await knex(t.documents)
      .where('state', 'published')
      .whereIn('render_key', staleKeys)
      .andWhere('id', '>', lastId)
      .orderBy('id')
      .limit(PAGE_SIZE)
      .select('id', 'change_seq');
    let page = 0;
    for (const { id, change_seq: seen } of found) {
      if (options.stopped()) break;
      const rowId = Number(id);
      try {
        const done = await knex.transaction(async (trx) => {
          await lockContentSequence(trx, t);
          const row = (await trx(t.documents)
            .where({ id: rowId })
            .first(
              'doc_key',
              'locale',
              'state',
              'render_key',
              'change_seq',
              'body',
              'modified_ms',
              'c_url',
              'visibility',
            )) as Record<string, unknown> | undefined;
          if (
            !row ||
            row.state !== 'published' ||
            Number(row.change_seq) !== Number(seen) ||
            !staleKeys.includes(String(row.render_key))
          )
            return false;
          const body = toBuffer(row.body);
          if (!body) return false;
          const converted = convertMUrlProfile(body, profile, { maxBytes });
          const changeSeq = await bumpContentSequence(trx, t);
          const committedMs = await advanceCommitClock(
            trx,
            t,
            Math.min(Number(row.modified_ms), options.clock()),
          );
          await trx(t.documents).where({ id: rowId }).update({
            body: converted.body,
            hash: converted.hash,
            content_digest: converted.contentDigest,
            render_key: renderKey,
            profile: profile.name,
            change_seq: changeSeq,
            committed_ms: committedMs,
          });
          const isOverview =
            overviewUrl !== undefined &&
            row.visibility === 'public' &&
            normalizeUri(String(row.c_url)) === overviewUrl;
          const shards = await touchSitemapShard(trx, t, rowId, changeSeq, isOverview);
          await enqueueChangePurges(
            trx,
            t,
            options.purging,
            documentChangeTags(String(row.doc_key), String(row.locale ?? ''), shards),
          );
          return true;
        });
        if (done) {
          rerendered++;
          page++;
        }
      } catch (error) {
        // Bytes that do not convert (over the size cap, say) stay as they are; anything else
        // (the database) ends the pass, retried at the next start or settings change.
        if (!(error instanceof ValidationError)) throw error;
        options.logger.warn(
          `agent-ready: document row ${rowId} is not re-rendered in ${profile.name} (${error.message}); it is served as rendered until published again`,
        );
      }
    }
    if (page > 0) {
      options.onProgress();
      options.purging?.onEnqueued?.();
    }
    if (found.length < PAGE_SIZE) break;
    lastId = Number(found[found.length - 1]!.id);
  }
  return rerendered;
}
