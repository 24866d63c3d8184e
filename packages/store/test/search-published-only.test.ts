import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import {
  dropAgentTables,
  openStoreReader,
  RegenerationEngine,
  type DatabaseOption,
  type StoreReader,
} from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

/**
 * Issue 40's done-when: while a writer edits, unpublishes, deletes and publishes again, agents
 * searching and fetching (on the writing instance and, as a second instance, a reader of its
 * own pool) find no document in any result that the writer had acknowledged as unpublished or
 * deleted before the search began, unless an operation publishing it again started meanwhile.
 */

const DOCUMENTS = 12;
const WORD = 'quokka';

/** A fixed sequence of operations (a small LCG: the same on every run). */
function operations(count: number): { doc: number; op: 'edit' | 'unpublish' | 'delete' }[] {
  let seed = 40;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: count }, () => {
    const roll = next() % 10;
    return {
      doc: next() % DOCUMENTS,
      op: roll < 5 ? ('edit' as const) : roll < 8 ? ('unpublish' as const) : ('delete' as const),
    };
  });
}

describeEachDatabase('search and fetch under concurrent edits', (dialect) => {
  let engine: RegenerationEngine;
  let prefix: string;
  let database: DatabaseOption;

  beforeEach(async () => {
    prefix = uniqueTablePrefix();
    database = databaseConfig(dialect);
    engine = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      rebuild: { automatic: false, healIntervalMs: 0 },
    });
  });

  afterEach(async () => {
    if (dialect !== 'sqlite') await dropAgentTables(engine.knex, prefix);
    await engine.close();
  });

  const docOf = (n: number, version: number) =>
    preparedDocument({
      key: `doc-${n}`,
      path: `/d/${n}/`,
      title: `Doc ${n}`,
      content: `${WORD} version ${version}`,
    });
  const urlOf = (n: number) => `https://example.com/d/${n}/`;

  it('names no document acknowledged as removed in any search or fetch', async () => {
    const other =
      dialect === 'sqlite' ? undefined : await openStoreReader(database, { tablePrefix: prefix });
    const readers: StoreReader[] = [engine.reader, ...(other ? [other.reader] : [])];
    /** Per document: operations started, and the state of the last one acknowledged. */
    const started = new Array<number>(DOCUMENTS).fill(0);
    const acknowledged = new Array<number>(DOCUMENTS).fill(0);
    const removed = new Array<boolean>(DOCUMENTS).fill(false);
    for (let n = 0; n < DOCUMENTS; n++) await engine.upsert(docOf(n, 0));
    let writing = true;
    const violations: string[] = [];
    let results = 0;
    let checks = 0;

    /** The documents removed (acknowledged) with nothing under way at this moment. */
    const settledRemoved = () =>
      new Map(
        removed.flatMap((gone, n) =>
          gone && acknowledged[n] === started[n]
            ? ([[urlOf(n), { n, ops: started[n]! }]] as const)
            : [],
        ),
      );
    const stillRemoved = (entry: { n: number; ops: number }) => started[entry.n] === entry.ops;

    async function agent(reader: StoreReader, label: string) {
      while (writing) {
        const before = settledRemoved();
        const page = await reader.searchDocuments({ query: WORD, limit: 50 });
        for (const hit of page.hits) {
          results++;
          const entry = before.get(hit.cUrl);
          if (entry && stillRemoved(entry)) violations.push(`${label} search: ${hit.cUrl}`);
        }
        for (const [url, entry] of before) {
          const read = await reader.readDocument(new URL(`${url}llm.json`).pathname);
          checks++;
          if (read && stillRemoved(entry)) violations.push(`${label} fetch: ${url}`);
        }
      }
    }

    async function writer() {
      let version = 1;
      for (const { doc, op } of operations(120)) {
        started[doc]!++;
        if (op === 'edit') {
          await engine.upsert(docOf(doc, version++));
          removed[doc] = false;
          acknowledged[doc]!++;
        } else {
          await engine.remove(`doc-${doc}`, '', op === 'unpublish' ? 'unpublished' : 'deleted');
          // Acknowledged (or already off): from now on no search may name it.
          removed[doc] = true;
          acknowledged[doc]!++;
        }
      }
      writing = false;
    }

    try {
      await Promise.all([writer(), ...readers.map((reader, i) => agent(reader, `instance ${i}`))]);
      expect(violations).toEqual([]);
      // The agents did look: results were found and removed documents were asked for.
      expect(results).toBeGreaterThan(0);
      expect(checks).toBeGreaterThan(0);
      // At rest, every instance answers the same: the published documents, each once.
      const expected = removed.flatMap((gone, n) => (gone ? [] : [urlOf(n)])).sort();
      for (const reader of readers) {
        const page = await reader.searchDocuments({ query: WORD, limit: 50 });
        expect(page.hits.map((hit) => hit.cUrl).sort()).toEqual(expected);
      }
    } finally {
      await other?.close();
    }
  });
});
