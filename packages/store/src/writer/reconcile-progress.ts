/**
 * How far a reconcile is, for admin pages: documents done of how many, the rate over the run so
 * far and the time left at that rate.
 */
export interface ReconcileProgress {
  /** `reading`: going through the listing; `unpublishing`: taking off rows it no longer has. */
  phase: 'reading' | 'unpublishing' | 'done' | 'stopped';
  /** Documents of the listing settled, those of an earlier attempt this one resumed included. */
  done: number;
  /** Length of the listing, when the caller knows it. */
  total?: number;
  /** Documents read by this attempt, and how many of them were created or updated. */
  seen: number;
  changed: number;
  /** Where this attempt resumed (0: from the start). */
  resumedFrom: number;
  /** Documents per second over this attempt. */
  ratePerSecond: number;
  /** At that rate, when `total` is known. */
  secondsLeft?: number;
  startedAt: string;
}

/** Progress of a run that began at `startedMs` and settled `seen` documents by `nowMs`. */
export function measureReconcileProgress(
  run: Omit<ReconcileProgress, 'ratePerSecond' | 'secondsLeft' | 'startedAt'>,
  startedMs: number,
  nowMs: number,
): ReconcileProgress {
  const seconds = Math.max(nowMs - startedMs, 1) / 1000;
  const ratePerSecond = Math.round((run.seen / seconds) * 10) / 10;
  const left = run.total === undefined ? undefined : Math.max(run.total - run.done, 0);
  return {
    ...run,
    ratePerSecond,
    ...(left !== undefined && ratePerSecond > 0
      ? { secondsLeft: Math.ceil(left / ratePerSecond) }
      : left === 0
        ? { secondsLeft: 0 }
        : {}),
    startedAt: new Date(startedMs).toISOString(),
  };
}
