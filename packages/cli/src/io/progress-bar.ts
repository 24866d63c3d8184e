import { SingleBar } from 'cli-progress';
import type { HttpExchangeHead, SyncProgress } from '@agent-ready/client';

/**
 * A progress bar on stderr, only when stderr is a terminal (pipes and CI logs get nothing).
 * Returns the progress callback and a function that clears the bar.
 */
export function syncProgressBar(): { update: (progress: SyncProgress) => void; stop: () => void } {
  if (!process.stderr.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new SingleBar({
    stream: process.stderr,
    format: ' {phase} [{bar}] {value}/{total} · {requests} requests · {kib} KiB',
    hideCursor: true,
    clearOnComplete: true,
  });
  let phase: string | undefined;
  return {
    update(progress) {
      const payload = {
        phase: progress.phase.padEnd(11),
        requests: progress.requests,
        kib: Math.round(progress.bytes / 1024),
      };
      if (phase !== progress.phase) {
        if (phase !== undefined) bar.stop();
        phase = progress.phase;
        bar.start(Math.max(progress.total, 1), progress.done, payload);
      } else {
        bar.setTotal(Math.max(progress.total, 1));
        bar.update(progress.done, payload);
      }
    },
    stop() {
      if (phase !== undefined) bar.stop();
    },
  };
}

/**
 * `validate`'s progress on stderr, only when stderr is a terminal: one line with the requests
 * made and the URL last answered, redrawn at most ten times a second and cleared at the end.
 */
export function validateProgressLine(stream: NodeJS.WriteStream = process.stderr): {
  update: (exchange: HttpExchangeHead) => void;
  stop: () => void;
} {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  let requests = 0;
  let drawnAt = 0;
  return {
    update(exchange) {
      requests++;
      const now = Date.now();
      if (now - drawnAt < 100) return;
      drawnAt = now;
      const width = Math.max(20, (stream.columns ?? 80) - 1);
      const line = ` validating · ${requests} requests · ${exchange.status} ${exchange.url}`;
      stream.write(`\r${line.slice(0, width).padEnd(width)}`);
    },
    stop() {
      if (drawnAt > 0) stream.write(`\r${' '.repeat(Math.max(20, (stream.columns ?? 80) - 1))}\r`);
    },
  };
}
