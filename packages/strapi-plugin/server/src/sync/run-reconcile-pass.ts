import type { LastReconcile, ReconcileSummary } from './reconcile-content';
import { reconcileContent } from './reconcile-content';
import type { PluginLogger, SyncContext } from './sync-context';

export interface ReconcilePassOptions {
  /** Why the pass runs (start-up, settings changed, …), for the log and the admin page. */
  reason: string;
  batchSize: number;
  signal: AbortSignal;
  /** Why the pass was stopped when `signal` fired (shutdown, new settings…). */
  stoppedBecause(): string;
  log: PluginLogger;
  onProgress?(summary: ReconcileSummary): void;
}

/**
 * One reconcile pass with its log lines: brings the table in line with the content, reports
 * progress every batch, and resolves undefined (logged) when the pass failed or was stopped.
 * Never throws.
 */
export async function runReconcilePass(
  context: SyncContext,
  options: ReconcilePassOptions,
): Promise<LastReconcile | undefined> {
  const { reason, batchSize, signal, log } = options;
  const started = Date.now();
  log.info(`agent-ready: reconciling the agent table with the content (${reason})`);
  try {
    const summary = await reconcileContent(context, {
      batchSize,
      signal,
      progressEvery: batchSize,
      onProgress: (s) => {
        options.onProgress?.(s);
        if (s.seen % (batchSize * 10) === 0) {
          log.info(
            `agent-ready: reconcile: ${s.seen} published versions checked, ${s.changed} updated`,
          );
        }
      },
    });
    if (summary.elsewhere) {
      log.info(
        `agent-ready: reconcile (${reason}) skipped: another instance sharing the database is reconciling`,
      );
      return undefined;
    }
    if (summary.stopped) {
      log.info(
        `agent-ready: reconcile (${reason}) stopped after ${summary.resumedFrom + summary.seen} published versions (${signal.aborted ? options.stoppedBecause() : 'another instance took it over'}); the next one goes on from there`,
      );
      return undefined;
    }
    const ms = Date.now() - started;
    const resumed = summary.resumedFrom > 0 ? `, resumed from ${summary.resumedFrom}` : '';
    log.info(
      `agent-ready: reconciled ${summary.seen} published versions in ${(ms / 1000).toFixed(1)} s: ${summary.changed} updated, ${summary.removed} removed, ${summary.failed} not servable, ${summary.rendered} rendered${resumed}`,
    );
    const { elsewhere: _elsewhere, stopped: _stopped, ...counts } = summary;
    return { ...counts, reason, finishedAt: new Date().toISOString(), ms };
  } catch (error) {
    log.error(
      `agent-ready: reconcile failed (it runs again at the next start): ${(error as Error).message}`,
    );
    return undefined;
  }
}
