import type { Knex } from 'knex';
import { lockContentSequence } from '../state/store-state';
import type { StoreLogger } from '../ground/store-logger';
import { writeSearchEntries, type SearchIndexStore } from './index-search-entries';

/** Published rows looked at per transaction. */
const PAGE_SIZE = 500;

const SEARCH_FILLED = 'search_filled';

/**
 * Adds the search entries the published rows lack: rows stored before the index existed
 * (migration 017) or was made anew (018, on SQLite), by a writer with `search: false`, or
 * loaded around the engine (a bulk import). Each page is read and indexed under the content
 * sequence lock, so no write to those rows lands between the read and the entry (the entry
 * would be stale). Marks the index filled at the end, unless `stopped` stopped it first.
 * Returns the entries added.
 */
export async function fillSearchIndex(
  knex: Knex,
  store: SearchIndexStore,
  options: { stopped?: () => boolean } = {},
): Promise<number> {
  const { tables: t, db } = store;
  const stopped = options.stopped ?? (() => false);
  const key = db.dialect === 'sqlite' ? 'rowid' : 'doc_id';
  let added = 0;
  let lastId = 0;
  while (!stopped()) {
    const page = await knex.transaction(async (trx) => {
      await lockContentSequence(trx, t);
      const rows: Record<
        'id' | 'title' | 'body' | 'language' | 'visibility' | 'locale' | 'section',
        unknown
      >[] = await trx(`${t.documents} as d`)
        .leftJoin(`${t.search} as s`, `s.${key}`, 'd.id')
        .where('d.state', 'published')
        .andWhere('d.id', '>', lastId)
        .whereNull(`s.${key}`)
        .orderBy('d.id')
        .limit(PAGE_SIZE)
        .select('d.id', 'd.title', 'd.body', 'd.language', 'd.visibility', 'd.locale', 'd.section');
      await writeSearchEntries(
        trx,
        store,
        rows.map((row) => ({
          id: Number(row.id),
          title: String(row.title),
          body: row.body as Buffer | string | null,
          language: row.language === null ? null : String(row.language),
          visibility: String(row.visibility),
          locale: String(row.locale),
          section: String(row.section),
          unindexed: true,
        })),
      );
      return rows;
    });
    added += page.length;
    if (page.length < PAGE_SIZE) {
      if (!stopped()) await markSearchIndex(knex, store, true);
      break;
    }
    lastId = Number(page[page.length - 1]!.id);
  }
  return added;
}

/** Whether every published row is in the index (0 until a writer that maintains it filled it). */
export async function isSearchIndexFilled(
  knex: Knex,
  store: Pick<SearchIndexStore, 'tables'>,
): Promise<boolean> {
  const row = await knex(store.tables.state).where({ name: SEARCH_FILLED }).first('value');
  return Number(row?.value ?? 0) === 1;
}

export async function markSearchIndex(
  knex: Knex,
  store: Pick<SearchIndexStore, 'tables'>,
  filled: boolean,
): Promise<void> {
  await knex(store.tables.state)
    .where({ name: SEARCH_FILLED })
    .update({ value: filled ? 1 : 0 });
}

/**
 * The engine's part: at open, a writer that maintains the index fills what it lacks, in the
 * background (`whenDone` waits for it); one that does not marks it unfilled, so the next writer
 * that does fills it again.
 */
export class SearchIndexFill {
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly knex: Knex,
    private readonly store: SearchIndexStore,
    private readonly logger: StoreLogger,
    /** After entries were added: readers follow. */
    private readonly onFilled: () => void,
  ) {}

  async start(): Promise<void> {
    if (!this.store.indexesSearch) {
      await markSearchIndex(this.knex, this.store, false);
      return;
    }
    if (await isSearchIndexFilled(this.knex, this.store)) return;
    this.running = fillSearchIndex(this.knex, this.store, { stopped: () => this.closed })
      .then((added) => {
        if (added > 0) this.onFilled();
      })
      .catch((error: Error) => {
        this.logger.warn(`agent-ready: the search index was not filled: ${error.message}`);
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  async whenDone(): Promise<void> {
    await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }
}
