import { figure, type BenchFigure, type BenchScenario } from '../measurement';
import { requestsPerSecond, startServer, stopServer } from '../serving-load';
// The demo's own start helper: the corpus, the CMS and the front-end exactly as `npm run demo` runs them.
import { bootDemo } from '../../../../apps/demo/test/support/boot-demo';

/**
 * Scenario 1 of issue #11, Strapi side: the plugin's M-URL (200, 304) and sitemap served by
 * Strapi itself, beside a bare node:http server with the same bytes, and beside Strapi's own REST
 * API returning the same document (what an agent would otherwise poll).
 */
export const serveStrapiScenario: BenchScenario = {
  id: 'serve.strapi',
  title: 'Serving: Strapi plugin vs bare node:http (same bytes) and Strapi’s REST API',
  async run({ quick }) {
    const seconds = quick ? 3 : 8;
    const { demo, env, shutdown } = await bootDemo('sqlite', {
      DEMO_SKIP_ADMIN_BUILD: '1',
      LOG_LEVEL: 'error',
    });
    try {
      const cmsPort = Number(env.DEMO_CMS_PORT);
      const cms = `http://127.0.0.1:${cmsPort}`;
      const mUrlPath = new URL(demo.summary.curl.url).pathname;
      const etag = demo.summary.curl.etag;
      const slug = mUrlPath.split('/')[3]!;
      const rest = (await (
        await fetch(`${cms}/api/articles?locale=en&filters[slug][$eq]=${slug}`)
      ).json()) as {
        data: { documentId: string }[];
      };
      const restPath = `/api/articles/${rest.data[0]!.documentId}?locale=en`;
      const figures: BenchFigure[] = [];
      const measure = async (path: string, headers: Record<string, string>) => {
        await requestsPerSecond(cmsPort, path, headers, 1);
        return requestsPerSecond(cmsPort, path, headers, seconds);
      };
      const bareFor = async (path: string, conditional: boolean) => {
        const bare = await startServer('serve-bytes.ts', [`${cms}${path}`]);
        try {
          await requestsPerSecond(bare.port, bare.path, {}, 1);
          // `return await`: the `finally` below must not stop the server mid-measurement.
          return await requestsPerSecond(
            bare.port,
            bare.path,
            conditional ? { 'if-none-match': bare.etag } : {},
            seconds,
          );
        } finally {
          stopServer(bare);
        }
      };
      // The ceilings first, each in its own process, then Strapi: the same order every run.
      const bare304 = await bareFor(mUrlPath, true);
      const bare200 = await bareFor(mUrlPath, false);
      const bareSitemap = await bareFor('/llm-sitemap.json', false);
      const plugin304 = await measure(mUrlPath, { 'if-none-match': etag });
      const plugin200 = await measure(mUrlPath, {});
      const sitemap200 = await measure('/llm-sitemap.json', {});
      const rest200 = await measure(restPath, {});
      figures.push(
        figure({
          id: 'serve.strapi.m-url-304',
          title: 'M-URL 304 from Strapi (plugin)',
          unit: 'req/s',
          betterIs: 'higher',
          samples: [plugin304],
          baseline: {
            title: 'bare node:http, same bytes',
            samples: [bare304],
          },
          // Issue 19: answered ahead of Koa, a fresh cached M-URL costs about what it costs on
          // bare node:http (Strapi's security headers, learned, ride along).
          goalRatio: 0.5,
          notes:
            'Before issue 19 (through Koa and every global middleware): 0.063x, against a ceiling that sent only the core headers; the ceiling now answers the very same response, Strapi’s security and CORS headers included.',
        }),
        figure({
          id: 'serve.strapi.m-url-200',
          title: 'M-URL 200 from Strapi (plugin)',
          unit: 'req/s',
          betterIs: 'higher',
          samples: [plugin200],
          baseline: {
            title: 'bare node:http, same bytes',
            samples: [bare200],
          },
        }),
        figure({
          id: 'serve.strapi.sitemap-200',
          title: 'JSON sitemap 200 from Strapi (plugin)',
          unit: 'req/s',
          betterIs: 'higher',
          samples: [sitemap200],
          baseline: {
            title: 'bare node:http, same bytes',
            samples: [bareSitemap],
          },
        }),
        figure({
          id: 'serve.strapi.m-url-vs-rest',
          title: 'M-URL 304 from the plugin vs the same article from Strapi’s REST API',
          unit: 'req/s',
          betterIs: 'higher',
          samples: [plugin304],
          baseline: { title: 'GET /api/articles/:id (200, no validators)', samples: [rest200] },
          goalRatio: 10,
          notes:
            'Before issue 19: 4.0x. The plugin answers fresh cached M-URLs ahead of Koa; the REST API runs Koa, Strapi’s global middlewares and a database query for every request.',
        }),
      );
      return figures;
    } finally {
      await shutdown();
    }
  },
};
