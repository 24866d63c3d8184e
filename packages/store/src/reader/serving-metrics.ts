import type { Knex } from 'knex';
import { MetricsRecorder } from '@agent-ready/core/metrics';
import { flushMetrics } from './metrics-store';
import type { Dialect } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';

export interface ServingMetrics {
  recorder: MetricsRecorder;
  /** Writes what was counted so far (one transaction); what fails is kept for the next try. */
  flush(): Promise<void>;
  /** Stops the timer and flushes one last time (graceful shutdown: nothing counted is lost). */
  close(): Promise<void>;
}

/**
 * In-memory counters written to the metrics table every `flushIntervalMs`: serving a request
 * (a 304 included) never waits for or causes a database write.
 */
export function startServingMetrics(
  knex: Knex,
  tables: TableNames,
  dialect: Dialect,
  options: {
    flushIntervalMs?: number;
    onError?: (error: Error) => void;
    /** After page sizes were written: e.g. drop a reader's cached rows so they show them. */
    onPageSizesStored?: () => void;
  } = {},
): ServingMetrics {
  const recorder = new MetricsRecorder();
  let flushing: Promise<void> | undefined;
  const flush = async () => {
    await flushing;
    if (recorder.pending === 0) return;
    const batch = recorder.drain();
    flushing = flushMetrics(knex, tables, dialect, batch).then(
      () => {
        if (batch.pageSizes.size > 0) options.onPageSizesStored?.();
      },
      (error: Error) => {
        recorder.restore(batch);
        options.onError?.(error);
      },
    );
    await flushing;
    flushing = undefined;
  };
  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? 30_000);
  timer.unref();
  return {
    recorder,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
