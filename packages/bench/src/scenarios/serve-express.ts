import { figure, type BenchFigure, type BenchScenario } from '../measurement';
import { requestsPerSecond, startServer, stopServer, type ServerProcess } from '../serving-load';

const SITEMAP_PATH = '/llm-sitemap.json';

/**
 * M-URL 200 and 304 throughput of the Express adapter beside a bare node:http server sending the
 * same precomputed bytes and headers: the adapter's whole cost (routing, row lookup, validators)
 * against the ceiling. Issue #6's goal: at least 70% of the bare server for 304s through
 * `agent.handler(app)`; inside Express (`app.use(agent)`) at least 70% of an empty Express app
 * sending the same bytes, since no middleware can be faster than Express itself.
 */
export const serveExpressScenario: BenchScenario = {
  id: 'serve.express',
  title: 'Serving: Express adapter vs bare node:http (same bytes)',
  async run({ quick }) {
    const seconds = quick ? 3 : 8;
    const rounds = quick ? 2 : 3;
    const kinds = ['bare', 'bare-express', 'express', 'express-handler'] as const;
    const samples: Record<string, number[]> = {};
    for (const kind of kinds) {
      samples[`${kind}200`] = [];
      samples[`${kind}304`] = [];
    }
    samples.sitemap200 = [];
    samples.bareSitemap200 = [];
    samples.metricsOff304 = [];
    samples.metricsOn304 = [];
    /**
     * Metrics off and on in one process, in turns (off, on, on, off): what counting costs, with
     * the machine's drift between two server processes out of the ratio.
     */
    const measureMetrics = async () => {
      const pair = await startServer('serve-m-url.ts', ['express-handler-pair']);
      try {
        const conditional = { 'if-none-match': pair.etag };
        const ports = { off: pair.port, on: pair.otherPort! };
        for (const port of Object.values(ports))
          await requestsPerSecond(port, pair.path, conditional, 1); // warm-up
        for (const turn of ['off', 'on', 'on', 'off'] as const)
          samples[turn === 'off' ? 'metricsOff304' : 'metricsOn304']!.push(
            await requestsPerSecond(ports[turn], pair.path, conditional, seconds / 2),
          );
      } finally {
        stopServer(pair);
      }
    };
    /** The adapter's sitemap, and a bare server sending its bytes, measured alike. */
    const measureSitemap = async (server: ServerProcess) => {
      samples.sitemap200!.push(await requestsPerSecond(server.port, SITEMAP_PATH, {}, seconds));
      const bare = await startServer('serve-bytes.ts', [
        `http://127.0.0.1:${server.port}${SITEMAP_PATH}`,
      ]);
      try {
        await requestsPerSecond(bare.port, bare.path, {}, 1);
        samples.bareSitemap200!.push(await requestsPerSecond(bare.port, bare.path, {}, seconds));
      } finally {
        stopServer(bare);
      }
    };
    for (let round = 0; round < rounds; round++) {
      for (const kind of kinds) {
        const server = await startServer('serve-m-url.ts', [kind]);
        try {
          await requestsPerSecond(server.port, server.path, {}, 1); // warm-up
          samples[`${kind}200`]!.push(
            await requestsPerSecond(server.port, server.path, {}, seconds),
          );
          samples[`${kind}304`]!.push(
            await requestsPerSecond(
              server.port,
              server.path,
              { 'if-none-match': server.etag },
              seconds,
            ),
          );
          if (kind === 'express-handler') await measureSitemap(server);
        } finally {
          stopServer(server);
        }
      }
      await measureMetrics();
    }
    const baseline = (status: string) => ({
      title: 'bare node:http, same bytes',
      samples: samples[`bare${status}`]!,
    });
    const figures: BenchFigure[] = [
      figure({
        id: 'serve.express-handler.m-url-304',
        title: 'M-URL 304, agent.handler(app) in front of Express',
        unit: 'req/s',
        betterIs: 'higher',
        samples: samples['express-handler304']!,
        baseline: baseline('304'),
        goalRatio: 0.7,
      }),
      figure({
        id: 'serve.express-handler.m-url-200',
        title: 'M-URL 200, agent.handler(app) in front of Express',
        unit: 'req/s',
        betterIs: 'higher',
        samples: samples['express-handler200']!,
        baseline: baseline('200'),
      }),
      figure({
        id: 'serve.express-handler.metrics-304',
        title: 'M-URL 304 with serving metrics on (agent.handler)',
        unit: 'req/s',
        betterIs: 'higher',
        samples: samples.metricsOn304!,
        baseline: {
          title: 'same with metrics off, same process, in turns',
          samples: samples.metricsOff304!,
        },
        goalRatio: 0.95,
        notes:
          'Issues #12, #39: counted in a preallocated row per agent family, written in batches off the request path; both measured in one process in turns (off, on, on, off), so drift between runs stays out of the ratio.',
      }),
      figure({
        id: 'serve.express-handler.sitemap-200',
        title: 'JSON sitemap 200 (1,001 documents), agent.handler(app)',
        unit: 'req/s',
        betterIs: 'higher',
        samples: samples.sitemap200!,
        baseline: { title: 'bare node:http, same bytes', samples: samples.bareSitemap200! },
      }),
      figure({
        id: 'serve.express.m-url-304',
        title: 'M-URL 304, app.use(agent) inside Express',
        unit: 'req/s',
        betterIs: 'higher',
        samples: samples.express304!,
        baseline: { title: 'bare Express app, same bytes', samples: samples['bare-express304']! },
        goalRatio: 0.7,
        notes:
          'Inside Express the ceiling is Express: its own per-request work (see the next line) costs more than ours; use agent.handler(app) for agent traffic.',
      }),
      figure({
        id: 'serve.bare-express.m-url-304',
        title: 'M-URL 304 from a bare Express app (one middleware, same bytes)',
        unit: 'req/s',
        betterIs: 'higher',
        samples: samples['bare-express304']!,
        baseline: baseline('304'),
        notes: 'What Express alone costs: no agent-ready in it.',
      }),
      figure({
        id: 'serve.express.m-url-200',
        title: 'M-URL 200, app.use(agent) inside Express',
        unit: 'req/s',
        betterIs: 'higher',
        samples: samples.express200!,
        baseline: { title: 'bare Express app, same bytes', samples: samples['bare-express200']! },
      }),
    ];
    return figures;
  },
};
