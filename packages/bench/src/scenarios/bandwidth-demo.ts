import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncScp, syncSite, type SyncReport } from '@agent-ready/client';
import { figure, type BenchFigure, type BenchScenario } from '../measurement';
// The demo's own start helper: the corpus, the CMS and the front-end exactly as `npm run demo` runs them.
import { bootDemo } from '../../../../apps/demo/test/support/boot-demo';

const ADMIN = { email: 'admin@tinkerbench.test', password: 'Tinkerbench-demo-1' };

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Edits `count` English articles through Strapi's REST API, as an editor would. */
async function editArticles(
  cms: string,
  token: string,
  count: number,
  round: number,
): Promise<void> {
  const list = await json<{ data: { documentId: string; excerpt?: string }[] }>(
    `${cms}/api/articles?locale=en&pagination[pageSize]=100&sort=slug`,
  );
  for (const article of list.data.slice(0, count)) {
    await json(`${cms}/api/articles/${article.documentId}?locale=en`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { excerpt: `Revised in round ${round}: ${Date.now()}` } }),
    });
  }
}

/** Waits until the sitemap changed after an edit (the plugin regenerates shortly after commit). */
async function sitemapSettled(site: string, previous: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const etag =
      (await fetch(`${site}/llm-sitemap.json`, { method: 'HEAD' })).headers.get('etag') ?? '';
    if (etag !== previous) {
      await new Promise((resolve) => setTimeout(resolve, 500)); // let a coalesced rebuild finish
      return (
        (await fetch(`${site}/llm-sitemap.json`, { method: 'HEAD' })).headers.get('etag') ?? ''
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the edit never reached the sitemap');
}

/**
 * Scenario 2 of issue #11: an agent keeping up with the demo corpus (≈100 documents) the TCT way
 * (zero-fetch sync), the SCP way (snapshot, then deltas), and as a naive HTML re-crawl, on the
 * first crawl and after editing 1%, 5% and 20% of the documents. Bytes are wire bytes.
 */
export const bandwidthDemoScenario: BenchScenario = {
  id: 'bandwidth.demo',
  title: 'Bandwidth: syncing the demo corpus (TCT, SCP) vs an HTML re-crawl',
  async run() {
    const { site, cms, shutdown } = await bootDemo('sqlite', { DEMO_SKIP_ADMIN_BUILD: '1' });
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-bench-demo-'));
    try {
      const login = await json<{ data: { token: string } }>(`${cms}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const token = await json<{ data: { accessKey: string } }>(`${cms}/admin/api-tokens`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${login.data.token}`,
        },
        body: JSON.stringify({ name: `bench ${Date.now()}`, type: 'full-access', lifespan: null }),
      });
      const tctState = join(dir, 'tct');
      const scpState = join(dir, 'scp');
      const rounds: { label: string; tct: SyncReport; scp: SyncReport }[] = [];
      const first = await syncSite(site, { stateDir: tctState, compareHtml: true });
      rounds.push({
        label: 'first crawl',
        tct: first,
        scp: await syncScp(site, { stateDir: scpState }),
      });
      const documents = first.listed;
      let sitemapEtag =
        (await fetch(`${site}/llm-sitemap.json`, { method: 'HEAD' })).headers.get('etag') ?? '';
      for (const [index, share] of [0.01, 0.05, 0.2].entries()) {
        await editArticles(
          cms,
          token.data.accessKey,
          Math.max(1, Math.round(documents * share)),
          index + 1,
        );
        sitemapEtag = await sitemapSettled(site, sitemapEtag);
        rounds.push({
          label: `after editing ${share * 100}%`,
          tct: await syncSite(site, { stateDir: tctState, compareHtml: true }),
          scp: await syncScp(site, { stateDir: scpState }),
        });
      }
      const figures: BenchFigure[] = [];
      for (const round of rounds) {
        const html = {
          title: 'naive HTML re-crawl (every page, measured)',
          samples: [round.tct.naive.bytes],
        };
        figures.push(
          figure({
            id: `bandwidth.tct.${round.label}`,
            title: `TCT zero-fetch sync, ${round.label}: bytes (${round.tct.requests} requests vs ${round.tct.naive.requests})`,
            unit: 'bytes',
            betterIs: 'lower',
            samples: [round.tct.bytes],
            baseline: html,
          }),
          figure({
            id: `bandwidth.scp.${round.label}`,
            title: `SCP ${round.label === 'first crawl' ? 'snapshot' : 'deltas'}, ${round.label}: bytes (${round.scp.requests} requests)`,
            unit: 'bytes',
            betterIs: 'lower',
            samples: [round.scp.bytes],
            baseline: html,
          }),
        );
      }
      figures[0]!.notes = `${documents} documents; bytes are everything received over the wire (status lines, headers, bodies); the HTML side fetches every C-URL's page for real.`;
      return figures;
    } finally {
      await shutdown();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
