import type { RebuildOutcome } from '@agent-ready/store';
import type { RebuildJobStatus, ReconcileSummary } from './runtime-status';

export interface RebuildJobSteps {
  /** How many published versions the pass will read (best effort). */
  total(): Promise<number | undefined>;
  /** Brings the table in line with the content; undefined when it did not complete. */
  reconcile(onProgress: (summary: ReconcileSummary) => void): Promise<ReconcileSummary | undefined>;
  /** Rebuilds the artifacts once the table is in line. */
  rebuildArtifacts(): Promise<RebuildOutcome>;
}

const OUTCOME_MESSAGES: Record<RebuildOutcome, string> = {
  rebuilt: 'Documents checked and artifacts rebuilt.',
  fresh: 'Documents checked; the artifacts were already up to date.',
  busy: 'Documents checked; another instance is rebuilding the artifacts right now.',
  superseded:
    'Documents checked; content changed meanwhile, so a newer rebuild follows on its own.',
};

/**
 * The admin panel's "rebuild": one job at a time in the background (a second request gets the
 * running job), with progress the page polls.
 */
export class RebuildJobs {
  private job: RebuildJobStatus | undefined;
  private running: Promise<void> | undefined;
  private nextId = 1;

  constructor(
    private readonly steps: RebuildJobSteps,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The running job, else the last finished one. */
  get current(): RebuildJobStatus | undefined {
    return this.job ? structuredClone(this.job) : undefined;
  }

  /** Starts a job unless one is running; returns that job and whether it is new. */
  start(): { job: RebuildJobStatus; started: boolean } {
    if (this.running && this.job) return { job: this.current!, started: false };
    const job: RebuildJobStatus = {
      id: this.nextId++,
      state: 'running',
      phase: 'reconciling',
      startedAt: new Date(this.clock()).toISOString(),
      progress: { seen: 0, changed: 0, removed: 0, failed: 0 },
    };
    this.job = job;
    this.running = this.run(job).finally(() => {
      this.running = undefined;
    });
    return { job: this.current!, started: true };
  }

  /** Resolves when no job is running (tests, shutdown). */
  async whenIdle(): Promise<void> {
    await this.running;
  }

  private async run(job: RebuildJobStatus): Promise<void> {
    try {
      const total = await this.steps.total().catch(() => undefined);
      if (total !== undefined) job.total = total;
      const summary = await this.steps.reconcile((progress) => {
        job.progress = { ...progress };
      });
      if (!summary) {
        this.finish(
          job,
          'failed',
          'The documents were not all checked: the pass failed or was stopped (a settings change or a shutdown). See recent problems.',
        );
        return;
      }
      job.progress = { ...summary };
      job.phase = 'artifacts';
      job.artifacts = await this.steps.rebuildArtifacts();
      this.finish(job, 'done', OUTCOME_MESSAGES[job.artifacts]);
    } catch (error) {
      job.error = (error as Error).message;
      this.finish(job, 'failed', `Rebuild failed: ${job.error}`);
    }
  }

  private finish(job: RebuildJobStatus, state: 'done' | 'failed', message: string): void {
    job.state = state;
    job.phase = 'finished';
    job.message = message;
    job.finishedAt = new Date(this.clock()).toISOString();
  }
}
