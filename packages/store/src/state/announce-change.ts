import type { Knex } from 'knex';
import { dialectOf } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';

/**
 * The PostgreSQL channel of one table, as SQL: `agent_ready_` and the MD5 of the schema the
 * unqualified table names resolve to and the state table's name, so two sites in one database
 * (another prefix or schema) never wake each other. Writer and listener compute it the same way
 * on their own connections; `parameter` is the placeholder of the state table's name.
 */
export function changeChannelSql(parameter: string): string {
  return `'agent_ready_' || md5(current_schema() || '.' || ${parameter})`;
}

/**
 * What moved, as sent in a notification: `content:<seq>` (a document change), `installed:<gen>`
 * (an artifact install) or `layout` (the sitemap's settings or shard layout). A reader that has
 * seen at least that much already can keep its cache.
 */
export type ChangeAnnouncement = `content:${number}` | `installed:${number}` | 'layout';

/**
 * Inside a transaction that moves what readers check (`readSequences`): on PostgreSQL a
 * `NOTIFY` on the table's channel, delivered to every listening process when (and only if) the
 * transaction commits; and, on any database, the `onCommittedChange` listeners (the Redis
 * relay) once it has. Without either, readers poll (`revalidateAfterMs`).
 */
export async function announceChange(
  trx: Knex.Transaction,
  t: TableNames,
  what: ChangeAnnouncement,
): Promise<void> {
  const listeners = committedChangeListeners.get(trx.client.config as object)?.get(t.state);
  if (listeners?.size) {
    // After the outermost transaction commits (never for a rollback): a relay such as Redis
    // must not announce what nobody can read yet.
    let outermost = trx as Knex.Transaction & { parentTransaction?: Knex.Transaction };
    while (outermost.parentTransaction) outermost = outermost.parentTransaction;
    outermost.executionPromise.then(
      () => {
        for (const listener of listeners) listener(what);
      },
      () => undefined,
    );
  }
  if (dialectOf(trx as unknown as Knex) !== 'postgres') return;
  await trx.raw(`select pg_notify(${changeChannelSql('?')}, ?)`, [t.state, what]);
}

/**
 * Who is told after a commit announced a change, by database (knex's client settings, which its
 * transactions share) and state table: the `notify` relays of the engines in this process.
 */
const committedChangeListeners = new WeakMap<object, Map<string, Set<(what: string) => void>>>();

/** Calls `listener` with every change announced on `t`'s table through `knex`, once committed. */
export function onCommittedChange(
  knex: Knex,
  t: TableNames,
  listener: (what: ChangeAnnouncement) => void,
): () => void {
  const config = knex.client.config as object;
  let tables = committedChangeListeners.get(config);
  if (!tables) committedChangeListeners.set(config, (tables = new Map()));
  let listeners = tables.get(t.state);
  if (!listeners) tables.set(t.state, (listeners = new Set()));
  const registered = listener as (what: string) => void;
  listeners.add(registered);
  return () => listeners.delete(registered);
}
