import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { figure, type BenchScenario } from '../measurement';
// The demo's own start helper: the corpus, the CMS and the front-end exactly as `npm run demo` runs them.
import { bootDemo } from '../../../../apps/demo/test/support/boot-demo';

async function text(url: string, accept: string): Promise<string> {
  const response = await fetch(url, { headers: { accept } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * What reading the demo corpus costs an LLM agent in tokens (o200k_base, the GPT-4o/o-series
 * encoding): every listed page as its HTML, as its M-URL (JSON) and as its Markdown twin.
 */
export const tokensDemoScenario: BenchScenario = {
  id: 'tokens.demo',
  title: 'Tokens: the demo corpus as HTML, M-URL JSON and Markdown twins (o200k_base)',
  async run() {
    const { site, shutdown } = await bootDemo('sqlite', { DEMO_SKIP_ADMIN_BUILD: '1' });
    try {
      const sitemap = JSON.parse(await text(`${site}/llm-sitemap.json`, 'application/json')) as {
        items: { cUrl: string; mUrl: string }[];
      };
      const tokens = { html: [] as number[], mUrl: [] as number[], twin: [] as number[] };
      for (const item of sitemap.items) {
        // Listed URLs carry the public origin; the demo serves them on its own port.
        const local = (url: string) => `${site}${new URL(url).pathname}`;
        tokens.html.push(countTokens(await text(local(item.cUrl), 'text/html')));
        tokens.mUrl.push(countTokens(await text(local(item.mUrl), 'application/json')));
        tokens.twin.push(
          countTokens(await text(`${local(item.cUrl)}index.html.md`, 'text/markdown')),
        );
      }
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const html = { title: 'the same pages as HTML', samples: [sum(tokens.html)] };
      const figures = [
        figure({
          id: 'tokens.m-url',
          title: `Every listed page as its M-URL (${tokens.mUrl.length} pages): tokens`,
          unit: 'tokens',
          betterIs: 'lower',
          samples: [sum(tokens.mUrl)],
          baseline: html,
        }),
        figure({
          id: 'tokens.twin',
          title: `Every listed page as its Markdown twin (${tokens.twin.length} pages): tokens`,
          unit: 'tokens',
          betterIs: 'lower',
          samples: [sum(tokens.twin)],
          baseline: html,
        }),
      ];
      figures[0]!.notes =
        'o200k_base tokens (gpt-tokenizer) of the bodies as served; the HTML is the full page an agent without TCT reads.';
      return figures;
    } finally {
      await shutdown();
    }
  },
};
