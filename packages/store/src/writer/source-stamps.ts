import type { EngineStore } from './engine-store';
import { translateDatabaseErrors } from '../ground/store-errors';
import { lockContentSequence } from '../state/store-state';

/**
 * Source stamps let an adapter's reconcile recognise a document it read before without
 * rendering it again. The adapter computes a stamp from what it read (the raw entry and every
 * setting its mapping and rendering depend on); once the row holds the version rendered from it,
 * the row records `stamp@change_seq`. Any later write of the row moves its change_seq, so the
 * record then no longer matches, whoever wrote: a stamp is current only while the row is exactly
 * what that source rendered to.
 */
export interface SourceStamp {
  key: string;
  locale: string;
  /** Up to 64 characters (a sha256 in hex, say). */
  stamp: string;
}

/** What a reconcile learns of a source's row. */
export interface SourceStampCheck {
  /** The row is published, rendered with `renderKey`, and records this very stamp. */
  current: boolean;
  /** The row's change position as read (to pass to `recordSourceStamps`), when it has a row. */
  changeSeq?: number;
}

const identity = (key: string, locale: string) => `${key}\u0000${locale}`;
/** Rows per statement: keeps the bindings well under every database's limit. */
const CHUNK = 200;

/** Which of `sources` their rows already hold (one indexed read per 200 keys). */
export function checkSourceStamps(
  { db, tables }: Pick<EngineStore, 'db' | 'tables'>,
  sources: readonly SourceStamp[],
  renderKey: string,
): Promise<SourceStampCheck[]> {
  return translateDatabaseErrors('read source stamps', async () => {
    const rows = new Map<
      string,
      { state: string; render_key: string; change_seq: unknown; source_stamp: string | null }
    >();
    const keys = [...new Set(sources.map((s) => s.key))];
    for (let at = 0; at < keys.length; at += CHUNK) {
      const found = (await db
        .knex(tables.documents)
        .whereIn('doc_key', keys.slice(at, at + CHUNK))
        .select('doc_key', 'locale', 'state', 'render_key', 'change_seq', 'source_stamp')) as {
        doc_key: string;
        locale: string | null;
        state: string;
        render_key: string;
        change_seq: unknown;
        source_stamp: string | null;
      }[];
      for (const row of found) rows.set(identity(row.doc_key, String(row.locale ?? '')), row);
    }
    return sources.map((source) => {
      const row = rows.get(identity(source.key, source.locale));
      if (!row) return { current: false };
      const changeSeq = Number(row.change_seq);
      return {
        current:
          row.state === 'published' &&
          row.render_key === renderKey &&
          row.source_stamp === `${source.stamp}@${changeSeq}`,
        changeSeq,
      };
    });
  });
}

/**
 * Records that each row, at change position `changeSeq`, holds what `stamp`'s source renders to.
 * Written unconditionally: a row another writer changed meanwhile has another change_seq, so the
 * record simply does not match it. Returns the rows written.
 */
export function recordSourceStamps(
  { db, tables }: Pick<EngineStore, 'db' | 'tables'>,
  records: readonly (SourceStamp & { changeSeq: number })[],
): Promise<number> {
  if (records.length === 0) return Promise.resolve(0);
  return translateDatabaseErrors('record source stamps', () =>
    db.knex.transaction(async (trx) => {
      // Locked in the writers' order (the sequence row first), so this never deadlocks with one.
      await lockContentSequence(trx, tables);
      for (let at = 0; at < records.length; at += CHUNK) {
        const chunk = records.slice(at, at + CHUNK);
        const cases = chunk.map(() => 'WHEN doc_key = ? AND locale = ? THEN ?').join(' ');
        const bindings = chunk.flatMap((r) => [r.key, r.locale, `${r.stamp}@${r.changeSeq}`]);
        await trx(tables.documents)
          .whereIn(
            'doc_key',
            chunk.map((r) => r.key),
          )
          .update({
            source_stamp: trx.raw(`CASE ${cases} ELSE source_stamp END`, bindings),
          });
      }
      return records.length;
    }),
  );
}
