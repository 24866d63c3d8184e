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
 * transaction commits. Elsewhere nothing: readers there poll (`revalidateAfterMs`).
 */
export async function announceChange(
  trx: Knex.Transaction,
  t: TableNames,
  what: ChangeAnnouncement,
): Promise<void> {
  if (dialectOf(trx as unknown as Knex) !== 'postgres') return;
  await trx.raw(`select pg_notify(${changeChannelSql('?')}, ?)`, [t.state, what]);
}
