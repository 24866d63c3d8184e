import { translateDatabaseErrors } from '../ground/store-errors';
import { readSequences } from '../state/store-state';
import { iteratePublishedRows } from './document-rows';
import type { EngineStore } from './engine-store';

// Where the table stands, as a reconcile reads it before and after its pass (and the engine's
// status for the adapters, read-engine-status).

export type StoreTables = Pick<EngineStore, 'db' | 'tables'>;

/** The table's content position: the newest change's sequence number (0 when empty). */
export function readContentPosition({ db, tables }: StoreTables): Promise<number> {
  return translateDatabaseErrors('read the content position', async () => {
    const row = (await db.knex(tables.documents).max({ seq: 'change_seq' }))[0] as
      { seq?: unknown } | undefined;
    return Number(row?.seq ?? 0);
  });
}

/**
 * The content sequence: moved by every effective change, whoever writes it. Read before and
 * after a pass, it tells whether anybody but the pass wrote in between (see
 * `nothingElsePublished`).
 */
export function readContentSequence({ db, tables }: StoreTables): Promise<number> {
  return translateDatabaseErrors('read the content sequence', async () =>
    readSequences(db.knex, tables).then((sequences) => sequences.content),
  );
}

/**
 * Whether the published rows are exactly the `listed` ones a pass (a reconcile) has just
 * stored or found current, without reading them: each is published now, so when nobody else
 * wrote since the pass began (the content sequence moved from `sequenceAtStart` by the pass's
 * own `ownChanges` alone) and the table has as many published rows as the pass listed, those
 * are the same rows and nothing is left to take off. Counted first, then the sequence: a write
 * the count missed moves the sequence. False means: list the published rows to decide.
 */
export async function nothingElsePublished(
  store: StoreTables,
  pass: { listed: number; sequenceAtStart: number; ownChanges: number },
): Promise<boolean> {
  const published = await translateDatabaseErrors('count the published documents', async () => {
    const rows = await store.db.knex(store.tables.documents).where('state', 'published').count({
      n: '*',
    });
    return Number(rows[0]?.n ?? 0);
  });
  if (published !== pass.listed) return false;
  return (await readContentSequence(store)) === pass.sequenceAtStart + pass.ownChanges;
}

/** Every published document's key, locale and last change position, streamed in row order. */
export async function* listPublishedDocuments({
  db,
  tables,
}: StoreTables): AsyncGenerator<{ key: string; locale: string; changeSeq: number }> {
  for await (const row of iteratePublishedRows(db.knex, tables, [
    'doc_key',
    'locale',
    'change_seq',
  ])) {
    yield {
      key: String(row.doc_key),
      locale: String(row.locale ?? ''),
      changeSeq: Number(row.change_seq),
    };
  }
}
