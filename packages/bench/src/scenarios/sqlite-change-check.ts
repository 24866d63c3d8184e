import { figure, type BenchScenario } from '../measurement';
import { requestsPerSecond, startServer, stopServer } from '../serving-load';

/**
 * Issue 46: what reading SQLite's data version before answering from the cache costs on the
 * hottest path, a conditional GET of a cached M-URL answered 304 by a read-only instance. Both
 * instances live in one server process and are measured in turns (with, without, without,
 * with), so the machine's drift stays out of the ratio. Goal: within 5% of without.
 */
export const sqliteChangeCheckScenario: BenchScenario = {
  id: 'serve.sqlite-change-check',
  title: 'SQLite: M-URL 304 of a read-only instance with the data-version check vs without',
  async run({ quick }) {
    // Many short turns rather than a few long ones: a neighbour's burst then spoils a sample
    // or two of each side, not the median.
    const seconds = quick ? 2 : 3;
    const rounds = quick ? 1 : 8;
    const samples = { with: [] as number[], without: [] as number[] };
    const pair = await startServer('serve-change-check-pair.ts', []);
    try {
      const conditional = { 'if-none-match': pair.etag };
      const ports = { with: pair.port, without: pair.otherPort! };
      for (const port of Object.values(ports))
        await requestsPerSecond(port, pair.path, conditional, 1); // warm-up
      for (let round = 0; round < rounds; round++)
        for (const turn of ['with', 'without', 'without', 'with'] as const)
          samples[turn].push(await requestsPerSecond(ports[turn], pair.path, conditional, seconds));
    } finally {
      stopServer(pair);
    }
    return [
      figure({
        id: 'serve.sqlite-change-check.m-url-304',
        title: 'M-URL 304, read-only instance on SQLite, data-version check on',
        unit: 'req/s',
        betterIs: 'higher',
        samples: samples.with,
        baseline: {
          title: 'same with the check off, same process, in turns',
          samples: samples.without,
        },
        goalRatio: 0.95,
        notes:
          'The check reads the wal-index header from the `-shm` file (one system call) once per turn of the event loop and runs `PRAGMA data_version` on the pool’s own connection only when it moved (reader/sqlite-change-check); without it a read-only instance may serve what another process replaced up to revalidateAfterMs (250 ms) earlier.',
      }),
    ];
  },
};
