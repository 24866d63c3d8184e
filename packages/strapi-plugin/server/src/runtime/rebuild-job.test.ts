import type { ReconcileSummary } from './runtime-status';
import { RebuildJobs, type RebuildJobSteps } from './rebuild-job';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('RebuildJobs', () => {
  it('runs one job at a time, reports progress, then the artifact outcome', async () => {
    const reconciled = deferred<ReconcileSummary | undefined>();
    let report: ((s: ReconcileSummary) => void) | undefined;
    const steps: RebuildJobSteps = {
      total: async () => 40,
      reconcile: (onProgress) => {
        report = onProgress;
        return reconciled.promise;
      },
      rebuildArtifacts: async () => 'rebuilt',
    };
    const jobs = new RebuildJobs(steps);
    const first = jobs.start();
    expect(first.started).toBe(true);
    expect(first.job).toMatchObject({ id: 1, state: 'running', phase: 'reconciling' });
    const again = jobs.start();
    expect(again).toMatchObject({ started: false, job: { id: 1 } });
    while (!report) await new Promise((resolve) => setImmediate(resolve));
    report({ seen: 10, changed: 2, removed: 0, failed: 0 });
    expect(jobs.current).toMatchObject({ total: 40, progress: { seen: 10, changed: 2 } });
    reconciled.resolve({ seen: 40, changed: 3, removed: 1, failed: 0 });
    await jobs.whenIdle();
    expect(jobs.current).toMatchObject({
      state: 'done',
      phase: 'finished',
      artifacts: 'rebuilt',
      progress: { seen: 40, changed: 3, removed: 1 },
      message: 'Documents checked and artifacts rebuilt.',
    });
    expect(jobs.start()).toMatchObject({ started: true, job: { id: 2 } });
    await jobs.whenIdle();
  });

  it('reports a pass that did not complete and a failing step as failed', async () => {
    const incomplete = new RebuildJobs({
      total: async () => {
        throw new Error('count failed');
      },
      reconcile: async () => undefined,
      rebuildArtifacts: async () => 'rebuilt',
    });
    incomplete.start();
    await incomplete.whenIdle();
    expect(incomplete.current).toMatchObject({ state: 'failed', message: /not all checked/ });
    expect(incomplete.current?.total).toBeUndefined();
    expect(incomplete.current?.error).toBeUndefined();

    const failing = new RebuildJobs({
      total: async () => 0,
      reconcile: async () => ({ seen: 0, changed: 0, removed: 0, failed: 0 }),
      rebuildArtifacts: async () => {
        throw new Error('database gone');
      },
    });
    failing.start();
    await failing.whenIdle();
    expect(failing.current).toMatchObject({
      state: 'failed',
      phase: 'finished',
      message: 'Rebuild failed: database gone',
      error: 'database gone',
    });
  });
});
