import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { figure, type BenchFigure, type BenchScenario } from '../measurement';
import {
  appDir,
  ARTICLE,
  articleBlocks,
  CONFIG,
  fromPlugin,
  seedArticles,
  type StrapiLike,
} from './strapi-save';

/**
 * The plugin installed on an existing Strapi site: its reconcile of N published articles the
 * agent table does not have yet, end to end (read through the Document Service in pages, mapped,
 * rendered, stored in batches), against reading the same articles through the Document Service
 * in the same pages alone, in the same process.
 */

type PagedDocuments = StrapiLike['documents'] extends (uid: string) => infer D
  ? D & { findMany(params: object): Promise<{ id: number }[]> }
  : never;

function articleCount(quick: boolean): number {
  const asked = Number(process.env.AGENT_READY_BENCH_STRAPI_ARTICLES);
  if (Number.isSafeInteger(asked) && asked > 0) return asked;
  return quick ? 10_000 : 100_000;
}

/** Every published article through the Document Service, `page` at a time (the plugin's way). */
async function readAllPages(documents: PagedDocuments, page: number): Promise<number> {
  let lastId = 0;
  let read = 0;
  while (true) {
    const batch = await documents.findMany({
      status: 'published',
      locale: '*',
      filters: { id: { $gt: lastId } },
      sort: [{ id: 'asc' }],
      limit: page,
    });
    read += batch.length;
    if (batch.length < page) return read;
    lastId = Number(batch[batch.length - 1]!.id);
  }
}

/** What the plugin's reconcile reports (its ReconcileSummary). */
interface Reconciled {
  seen: number;
  changed: number;
  rendered?: number;
  rowsRead?: number;
  rowsWritten?: number;
}

const rows = (r: Reconciled) =>
  `${(r.rowsRead ?? 0).toLocaleString('en-US')} agent rows read, ${(r.rowsWritten ?? 0).toLocaleString('en-US')} written`;

export const strapiReconcileScenario: BenchScenario = {
  id: 'strapi.reconcile',
  title: 'Strapi: the plugin’s first reconcile of an existing site (SQLite)',
  async run({ quick }) {
    const count = articleCount(quick);
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-bench-strapi-'));
    Object.assign(process.env, {
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: join(dir, 'data.db'),
      AGENT_READY: 'on',
      AGENT_READY_CONFIG: JSON.stringify(CONFIG),
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'error',
    });
    const { createStrapi } = fromPlugin('@strapi/strapi') as {
      createStrapi(options: object): StrapiLike;
    };
    const strapi = await createStrapi({ appDir, distDir: appDir, serveAdminPanel: false }).load();
    try {
      const service = strapi.plugin('agent-ready').service('agent-ready');
      const documents = strapi.documents(ARTICLE) as PagedDocuments;
      const first = await documents.create({
        data: { title: 'Article 0', slug: 'article-0', content: articleBlocks(0) },
        status: 'published',
      });
      await service.whenIdle();
      await seedArticles(strapi, first.documentId, count);
      const n = (count + 1).toLocaleString('en-US');
      // The plugin's default page size.
      let start = performance.now();
      const read = await readAllPages(documents, 100);
      const readSeconds = (performance.now() - start) / 1000;
      start = performance.now();
      const summary = (await service.reconcile()) as Reconciled | undefined;
      const seconds = (performance.now() - start) / 1000;
      if (!summary || summary.seen < count) {
        throw new Error(`the plugin's reconcile saw ${summary?.seen} of ${n} articles`);
      }
      start = performance.now();
      const again = (await service.reconcile()) as Reconciled | undefined;
      const againSeconds = (performance.now() - start) / 1000;
      const figures: BenchFigure[] = [
        figure({
          id: 'strapi.reconcile.first',
          title: `the plugin's reconcile of ${n} published articles new to the agent table`,
          unit: 's',
          betterIs: 'lower',
          samples: [seconds],
          baseline: {
            title: `reading the same ${read.toLocaleString('en-US')} articles through the Document Service, pages of 100`,
            samples: [readSeconds],
          },
          notes: `${Math.round(summary.seen / seconds).toLocaleString('en-US')} articles/s end to end (read, map, render, store); ${summary.changed.toLocaleString('en-US')} stored; ${rows(summary)}`,
        }),
        figure({
          id: 'strapi.reconcile.unchanged',
          title: `the plugin's reconcile again, nothing changed (${n} articles)`,
          unit: 's',
          betterIs: 'lower',
          samples: [againSeconds],
          baseline: { title: 'reading the same articles alone', samples: [readSeconds] },
          notes: `${again?.changed ?? '?'} rows changed, ${again?.rendered ?? '?'} articles rendered (source stamps); ${again ? rows(again) : ''}`,
        }),
      ];
      return figures;
    } finally {
      await strapi.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
