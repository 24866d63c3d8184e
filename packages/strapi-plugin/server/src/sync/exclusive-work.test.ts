import { DocumentSyncQueue } from './document-sync-queue';
import { ExclusiveWork } from './exclusive-work';

describe('ExclusiveWork', () => {
  it('runs pieces one after another with the syncs paused, and the syncs after them', async () => {
    const events: string[] = [];
    const queue = new DocumentSyncQueue({
      run: async (_uid, documentId) => {
        events.push(`sync ${documentId}`);
      },
      onError: () => undefined,
    });
    queue.open();
    const work = new ExclusiveWork(queue);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = work.run(async () => {
      events.push('first starts');
      // A change saved meanwhile waits for the exclusive work.
      queue.enqueue('api::a.a', 'doc');
      await held;
      events.push('first ends');
      return 1;
    });
    const second = work.run(async () => {
      events.push('second');
      return 2;
    });
    expect(work.pending).toBe(2);
    while (!events.includes('first starts')) await new Promise(setImmediate);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    await work.settled();
    await queue.whenIdle();
    expect(work.pending).toBe(0);
    expect(events.indexOf('sync doc')).toBeGreaterThan(events.indexOf('first ends'));
    expect(events.slice(0, 3)).toEqual(['first starts', 'first ends', 'second']);
  });

  it('goes on after a piece that fails', async () => {
    const queue = new DocumentSyncQueue({ run: async () => undefined, onError: () => undefined });
    const work = new ExclusiveWork(queue);
    await expect(work.run(async () => Promise.reject(new Error('broke')))).rejects.toThrow('broke');
    expect(await work.run(async () => 'next')).toBe('next');
    expect(work.pending).toBe(0);
  });
});
