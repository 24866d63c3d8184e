import type { Knex } from 'knex';
import type { Dialect } from '../schema/open-database';
import { insertSqliteRows } from '../ground/insert-sqlite-rows';
import type { TableNames } from '../schema/table-names';
import { addMysqlSearchTerms, indexedWordsOf } from './mysql-search-terms';
import { availableSearchConfigs, searchConfigOf } from './search-language';
import { searchTextOf, type SearchText } from './search-text';

/**
 * Keeps the search index in step with the document rows, inside the transaction that writes
 * them: a published document's entry is written with its row, and dropped with it when it is
 * unpublished or deleted, so the index never holds what the rows do not publish (and the
 * search query checks the row's state too). A writer that does not maintain the index
 * (`search: false`) still drops the entries of the rows it writes: never a stale entry, only a
 * missing one, which the next fill (fill-search-index) adds.
 */

/** What a search write needs of the engine's store. */
export interface SearchIndexStore {
  readonly db: { readonly dialect: Dialect };
  readonly tables: TableNames;
  /** Whether this writer maintains the search index (the engine's `search` option). */
  readonly indexesSearch: boolean;
}

/**
 * A published document row to index: its id, title, M-URL bytes and language, and the columns
 * a search filters on (copied into PostgreSQL's index, which ranks without the documents).
 */
export interface SearchIndexEntry {
  id: number;
  title: string;
  /** The M-URL bytes (their `content` is the indexed text). */
  body: Buffer | string | null;
  language: string | null | undefined;
  visibility: string;
  locale: string;
  section: string;
  /**
   * A row inserted in this transaction, or known to have no entry: nothing to drop first (ids
   * are never reused, the documents' key is AUTOINCREMENT or a sequence).
   */
  unindexed?: boolean;
}

/** Bound parameters per statement, under every database's limit. */
const MAX_PARAMETERS = 30_000;
/** Bytes of text per INSERT, well under MySQL's and MariaDB's default max_allowed_packet. */
const MAX_STATEMENT_BYTES = 4_000_000;

/** Splits `items` into runs of at most `maxItems` and about `maxBytes` each. */
function* runsOf<T>(
  items: readonly T[],
  maxItems: number,
  sizeOf: (item: T) => number = () => 0,
  maxBytes = Infinity,
): Generator<T[]> {
  let run: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (run.length >= maxItems || (run.length > 0 && bytes + size > maxBytes)) {
      yield run;
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length > 0) yield run;
}

/** Removes the entries of these document rows (unpublished, deleted, or about to be rewritten). */
export async function dropSearchEntries(
  trx: Knex.Transaction,
  store: Pick<SearchIndexStore, 'db' | 'tables'>,
  ids: readonly number[],
): Promise<void> {
  const column = store.db.dialect === 'sqlite' ? 'rowid' : 'doc_id';
  for (const run of runsOf(ids, MAX_PARAMETERS)) {
    await trx(store.tables.search).whereIn(column, run).delete();
  }
}

/** Writes the entries of these published document rows (replacing what they had). */
export async function writeSearchEntries(
  trx: Knex.Transaction,
  store: SearchIndexStore,
  entries: readonly SearchIndexEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await dropSearchEntries(
    trx,
    store,
    entries.filter((entry) => !entry.unindexed).map((entry) => entry.id),
  );
  if (!store.indexesSearch) return;
  const texts = entries.map((entry) => ({ entry, text: searchTextOf(entry.title, entry.body) }));
  const size = ({ text }: { text: SearchText }) => text.title.length + text.body.length;
  const { dialect } = store.db;
  const table = store.tables.search;
  if (dialect === 'sqlite') {
    await insertSqliteRows(
      trx,
      table,
      texts.map(({ entry, text }) => ({ rowid: entry.id, title: text.title, body: text.body })),
    );
  } else if (dialect === 'mysql') {
    for (const run of runsOf(texts, MAX_PARAMETERS / 3, size, MAX_STATEMENT_BYTES)) {
      await trx(table).insert(
        run.map(({ entry, text }) => ({ doc_id: entry.id, title: text.title, body: text.body })),
      );
    }
    // Their words join the index's list (mysql-search-terms.ts).
    await addMysqlSearchTerms(trx, store.tables, indexedWordsOf(texts.map(({ text }) => text)));
  } else {
    const available = await availableSearchConfigs(trx);
    // No `body` (migration 018): the vector is what a search reads, the snippet comes from
    // the document row.
    for (const run of runsOf(texts, MAX_PARAMETERS / 12, size, MAX_STATEMENT_BYTES)) {
      await trx(table).insert(
        run.map(({ entry, text }) => {
          const config = searchConfigOf(entry.language, available);
          return {
            doc_id: entry.id,
            config,
            title: text.title,
            visibility: entry.visibility,
            locale: entry.locale,
            section: entry.section,
            vector: trx.raw(
              "setweight(to_tsvector(?::regconfig, ?), 'A') || setweight(to_tsvector(?::regconfig, ?), 'B')",
              [config, text.title, config, text.body],
            ),
          };
        }),
      );
      // Their lexemes join the index's words (create-search-terms.ts), in byte order: two
      // writers adding the same new words wait for each other in one order, never in a cycle.
      await trx.raw(
        `insert into ?? (term) select distinct l.lexeme from ?? as s cross join lateral unnest(s.vector) as l where s.doc_id in (${run.map(() => '?').join(', ')}) order by 1 on conflict (term) do nothing`,
        [store.tables.searchTerms, table, ...run.map(({ entry }) => entry.id)],
      );
    }
  }
}
