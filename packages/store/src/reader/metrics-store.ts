import type { Knex } from 'knex';
import type {
  MetricCounters,
  MetricKey,
  MetricRow,
  MetricsRecorder,
} from '@agent-ready/core/metrics';
import { pathKey } from '../schema/path-key';
import type { Dialect } from '../schema/open-database';
import { translateDatabaseErrors } from '../ground/store-errors';
import type { TableNames } from '../schema/table-names';

const COLUMNS: Record<keyof MetricCounters, string> = {
  requests: 'requests',
  ok: 'ok',
  notModified: 'not_modified',
  gone: 'gone',
  bytesSent: 'bytes_sent',
  htmlBytes: 'html_bytes',
  htmlBytesEstimated: 'html_bytes_estimated',
};

/**
 * Adds a batch of in-memory counters to the metrics table. Every row is an additive upsert, so
 * any number of instances can flush into the same rows without coordination; the batch is one
 * transaction, so it is counted entirely or (on failure, when the caller restores it) not yet.
 */
export async function flushMetrics(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
  batch: ReturnType<MetricsRecorder['drain']>,
): Promise<void> {
  if (batch.counts.length === 0 && batch.pageSizes.size === 0) return;
  await translateDatabaseErrors('flush metrics', () =>
    knex.transaction(async (trx) => {
      const columns = Object.values(COLUMNS);
      for (const { key, counters } of batch.counts) {
        const values = (Object.keys(COLUMNS) as (keyof MetricCounters)[]).map(
          (name) => counters[name],
        );
        const placeholders = columns.map(() => '?').join(', ');
        const add =
          dialect === 'mysql'
            ? columns.map((c) => `${c} = ${c} + VALUES(${c})`).join(', ')
            : columns.map((c) => `${c} = ${t.metrics}.${c} + excluded.${c}`).join(', ');
        const conflict =
          dialect === 'mysql'
            ? 'ON DUPLICATE KEY UPDATE'
            : 'ON CONFLICT (day, kind, family) DO UPDATE SET';
        await trx.raw(
          `INSERT INTO ${t.metrics} (day, kind, family, ${columns.join(', ')}) VALUES (?, ?, ?, ${placeholders}) ${conflict} ${add}`,
          [key.day, key.kind, key.family, ...values],
        );
      }
      for (const [mPath, bytes] of batch.pageSizes) {
        await trx(t.documents)
          .where({ m_path_key: pathKey(mPath) })
          .update({ html_bytes: bytes });
      }
    }),
  );
}

/** Every metrics row from `fromDay` on. */
export async function readMetricRows(
  knex: Knex,
  t: TableNames,
  fromDay: string,
): Promise<MetricRow[]> {
  const rows: Record<string, unknown>[] = await translateDatabaseErrors('read metrics', () =>
    knex(t.metrics).where('day', '>=', fromDay).select('*'),
  );
  return rows.map((row) => {
    const key: MetricKey = {
      day: String(row.day),
      kind: row.kind as MetricKey['kind'],
      family: String(row.family),
    };
    const counters = Object.fromEntries(
      (Object.entries(COLUMNS) as [keyof MetricCounters, string][]).map(([name, column]) => [
        name,
        Number(row[column]),
      ]),
    ) as unknown as MetricCounters;
    return { ...key, ...counters };
  });
}
