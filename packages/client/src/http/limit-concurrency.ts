import { positiveInteger } from '../errors/client-errors';

/**
 * Runs at most `concurrency` tasks at once, in the order they were submitted. Our own few lines
 * rather than `p-limit`, whose current versions are ESM-only and this library is also loaded
 * through `require`.
 */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function limitConcurrency(concurrency: number): Limiter {
  positiveInteger(concurrency, 'concurrency');
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active--;
    const next = waiting.shift();
    if (next) {
      active++;
      next();
    }
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < concurrency) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** Calls `run` for every item, at most `concurrency` at a time, in order of start. */
export async function forEachConcurrently<T>(
  items: Iterable<T>,
  concurrency: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  positiveInteger(concurrency, 'concurrency');
  const iterator = items[Symbol.iterator]();
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) await run(next.value);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
