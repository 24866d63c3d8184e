import { setImmediate as tick } from 'node:timers/promises';
import { ClientOptionError } from '../errors/client-errors';
import { forEachConcurrently, limitConcurrency } from './limit-concurrency';

describe('limitConcurrency', () => {
  it('never runs more than the limit at once and runs everything', async () => {
    const limit = limitConcurrency(3);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          active++;
          peak = Math.max(peak, active);
          await tick();
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('frees the slot when a task throws', async () => {
    const limit = limitConcurrency(1);
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a limit that is not a positive integer with a typed error', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => limitConcurrency(bad)).toThrow(ClientOptionError);
  });
});

describe('forEachConcurrently', () => {
  it('visits every item with at most n in flight', async () => {
    let active = 0;
    let peak = 0;
    const seen: number[] = [];
    await forEachConcurrently([1, 2, 3, 4, 5, 6, 7], 2, async (item) => {
      active++;
      peak = Math.max(peak, active);
      await tick();
      seen.push(item);
      active--;
    });
    expect(peak).toBe(2);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
