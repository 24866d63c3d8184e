import { AsyncLocalStorage } from 'node:async_hooks';
import { DocumentSyncQueue } from './document-sync-queue';

/** One turn of the event loop: what the queue scheduled (with setImmediate) has run. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

function recordingQueue(options: { concurrency?: number; fail?: (id: string) => boolean } = {}) {
  const runs: string[] = [];
  const errors: string[] = [];
  let active = 0;
  let maxActive = 0;
  const activeById = new Map<string, number>();
  const queue = new DocumentSyncQueue({
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    async run(uid, documentId) {
      const count = (activeById.get(documentId) ?? 0) + 1;
      activeById.set(documentId, count);
      if (count > 1) throw new Error(`${documentId} ran twice at once`);
      active++;
      maxActive = Math.max(maxActive, active);
      runs.push(`${uid}:${documentId}`);
      await tick();
      active--;
      activeById.set(documentId, count - 1);
      if (options.fail?.(documentId)) throw new Error(`boom ${documentId}`);
    },
    onError(error) {
      errors.push((error as Error).message);
    },
  });
  return { queue, runs, errors, maxActive: () => maxActive };
}

describe('DocumentSyncQueue', () => {
  it('runs nothing before open(), then everything queued', async () => {
    const { queue, runs } = recordingQueue();
    queue.enqueue('a', '1');
    queue.enqueue('a', '2');
    await tick();
    expect(runs).toEqual([]);
    queue.open();
    await queue.whenIdle();
    expect(runs.sort()).toEqual(['a:1', 'a:2']);
  });

  it('a waiting run takes the widest reason it was queued for', async () => {
    const reasons: string[] = [];
    const queue = new DocumentSyncQueue({
      async run(_uid, documentId, reason) {
        reasons.push(`${documentId}:${reason}`);
      },
      onError() {},
    });
    queue.enqueue('a', '1', 'none');
    queue.enqueue('a', '1', 'all');
    queue.enqueue('a', '1', 'showing');
    queue.enqueue('a', '2', 'none');
    queue.enqueue('a', '2', 'showing');
    queue.open();
    await queue.whenIdle();
    expect(reasons.sort()).toEqual(['1:all', '2:showing']);
  });

  it('coalesces a burst: one run in progress plus one waiting per document', async () => {
    const { queue, runs, errors } = recordingQueue();
    queue.open();
    queue.enqueue('a', '1');
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 20; i++) queue.enqueue('a', '1');
    await queue.whenIdle();
    expect(runs).toEqual(['a:1', 'a:1']);
    expect(errors).toEqual([]);
  });

  it('never runs one document twice at once and honours the concurrency', async () => {
    const { queue, runs, errors, maxActive } = recordingQueue({ concurrency: 3 });
    queue.open();
    for (let round = 0; round < 5; round++) {
      for (let id = 0; id < 10; id++) queue.enqueue('a', String(id));
      await tick();
    }
    await queue.whenIdle();
    expect(errors).toEqual([]);
    expect(maxActive()).toBeLessThanOrEqual(3);
    expect(new Set(runs).size).toBe(10);
  });

  it('reports a failed run and carries on', async () => {
    const { queue, runs, errors } = recordingQueue({ fail: (id) => id === 'bad' });
    queue.open();
    queue.enqueue('a', 'bad');
    queue.enqueue('a', 'good');
    await queue.whenIdle();
    expect(errors).toEqual(['boom bad']);
    expect(runs.sort()).toEqual(['a:bad', 'a:good']);
  });

  it('runs outside the async context the change was reported from', async () => {
    const transaction = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const queue = new DocumentSyncQueue({
      async run() {
        seen.push(transaction.getStore());
      },
      onError() {},
    });
    queue.open();
    await tick(); // the pump open() scheduled has run: the next one starts from the enqueue
    transaction.run('trx-1', () => queue.enqueue('a', '1'));
    await queue.whenIdle();
    expect(seen).toEqual([undefined]);
  });

  it('pause() waits for runs in progress; close() drops waiting work', async () => {
    const { queue, runs } = recordingQueue();
    queue.open();
    queue.enqueue('a', '1');
    await new Promise((resolve) => setImmediate(resolve));
    await queue.pause();
    expect(runs).toEqual(['a:1']);
    queue.enqueue('a', '2');
    await tick();
    expect(runs).toEqual(['a:1']);
    await queue.close();
    queue.enqueue('a', '3');
    await tick();
    expect(runs).toEqual(['a:1']);
  });
});
