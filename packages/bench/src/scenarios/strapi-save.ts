import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { figure, median, percentile, type BenchFigure, type BenchScenario } from '../measurement';

// The plugin's fixture Strapi app (tests/fixtures/app), booted in this process with the built
// plugin and without it, on a fresh SQLite file each time.
const require = createRequire(import.meta.url);
const pluginDir = dirname(require.resolve('@agent-ready/strapi-plugin/package.json'));
export const appDir = join(pluginDir, 'tests', 'fixtures', 'app');
export const fromPlugin = createRequire(join(pluginDir, 'package.json'));

export interface StrapiLike {
  load(): Promise<StrapiLike>;
  destroy(): Promise<void>;
  documents(uid: string): {
    create(params: object): Promise<{ documentId: string }>;
    update(params: object): Promise<unknown>;
  };
  plugin(name: string): {
    service(name: string): { whenIdle(): Promise<void>; reconcile(): Promise<unknown> };
  };
  /** Strapi's knex, as far as the seeding uses it. */
  db: {
    connection: ((table: string) => { where(filter: object): Promise<unknown[]> }) & {
      batchInsert(table: string, rows: object[], chunkSize: number): Promise<unknown>;
    };
  };
}

export const ARTICLE = 'api::article.article';
export const CONFIG = {
  site: { origin: 'https://bench.example', name: 'Bench', language: 'en' },
  contentTypes: {
    [ARTICLE]: { url: '/{locale}/blog/{slug}/', body: 'content', description: 'excerpt' },
  },
};

/** ~3 KB of blocks: a typical article body. */
export function articleBlocks(revision: number) {
  return Array.from({ length: 12 }, (_, i) => ({
    type: 'paragraph',
    children: [
      {
        type: 'text',
        text: `Paragraph ${i} of revision ${revision}. `.repeat(6),
      },
    ],
  }));
}

interface Measured {
  /** Update+publish of one document, the queue idle before each save. */
  isolated: number[];
  /** Back-to-back saves of different documents, total. */
  burstMs: number;
  /** Save start until the change is on the M-URL and in the sitemap (plugin only). */
  visible: number[];
  /**
   * Saves made right behind a burst of back-to-back saves, while (with the plugin) the engine is
   * still working that burst through: what an editor waits for while agents' artifacts catch up.
   */
  duringBurst: number[];
  /** Of those, how many started while the engine had work in hand (plugin only). */
  duringBurstBusy: number;
}

/**
 * Fills Strapi's article table with `count` more published articles, cloning the rows (draft and
 * published) of one made through the Document Service: seeding 100,000 through the Document
 * Service itself would take most of an hour.
 */
export async function seedArticles(
  strapi: StrapiLike,
  template: string,
  count: number,
): Promise<void> {
  const knex = strapi.db.connection;
  const rows = (await knex('articles').where({ document_id: template })) as Record<
    string,
    unknown
  >[];
  const batch: Record<string, unknown>[] = [];
  const flush = async () => {
    await knex.batchInsert('articles', batch.splice(0), 500);
  };
  for (let i = 0; i < count; i++) {
    const documentId = randomBytes(12).toString('hex').slice(0, 24);
    for (const row of rows) {
      const { id: _id, ...columns } = row;
      batch.push({
        ...columns,
        document_id: documentId,
        title: `Seeded article ${i}`,
        slug: `seeded-${i}`,
      });
    }
    if (batch.length >= 5_000) await flush();
  }
  await flush();
}

/** `tableSize`: articles already published (and, with the plugin, in the agent table) before the saves. */
async function measure(plugin: boolean, samples: number, tableSize = 0): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-ready-bench-strapi-'));
  Object.assign(process.env, {
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: join(dir, 'data.db'),
    AGENT_READY: plugin ? 'on' : 'off',
    AGENT_READY_CONFIG: JSON.stringify(CONFIG),
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: 'error',
  });
  const { createStrapi } = fromPlugin('@strapi/strapi') as {
    createStrapi(options: object): StrapiLike;
  };
  const strapi = await createStrapi({ appDir, distDir: appDir, serveAdminPanel: false }).load();
  const idle = plugin
    ? () => strapi.plugin('agent-ready').service('agent-ready').whenIdle()
    : async () => undefined;
  try {
    const documents = strapi.documents(ARTICLE);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const created = await documents.create({
        data: { title: `Article ${i}`, slug: `article-${i}`, content: articleBlocks(0) },
        status: 'published',
      });
      ids.push(created.documentId);
    }
    if (tableSize > 0) {
      await seedArticles(strapi, ids[0]!, tableSize);
      if (plugin) {
        const summary = (await strapi.plugin('agent-ready').service('agent-ready').reconcile()) as
          { seen: number } | undefined;
        if (!summary || summary.seen < tableSize)
          throw new Error(`the plugin's reconcile saw ${summary?.seen} of ${tableSize} articles`);
      }
    }
    await idle();
    let revision = 1;
    const save = (index: number) =>
      documents.update({
        documentId: ids[index % ids.length],
        locale: 'en',
        data: { content: articleBlocks(revision++), excerpt: `Revision ${revision}` },
        status: 'published',
      });
    for (let i = 0; i < 20; i++) {
      await save(i);
      await idle();
    }
    const isolated: number[] = [];
    const visible: number[] = [];
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      await save(i);
      isolated.push(performance.now() - start);
      await idle();
      visible.push(performance.now() - start);
    }
    const burstStart = performance.now();
    for (let i = 0; i < ids.length; i++) await save(i);
    const burstMs = performance.now() - burstStart;
    await idle();
    // Saves behind a burst: 40 back-to-back saves queue their documents, then each timed save
    // runs while the engine syncs them and rebuilds what they touched (counted while the
    // plugin's work is not done yet; without the plugin there is none).
    const duringBurst: number[] = [];
    let duringBurstBusy = 0;
    for (let round = 0; round < Math.max(1, Math.floor(samples / 20)); round++) {
      for (let i = 0; i < ids.length; i++) await save(i);
      let settled = false;
      const burstDone = idle().then(() => (settled = true));
      for (let i = 0; i < 10; i++) {
        if (plugin && !settled) duringBurstBusy++;
        const start = performance.now();
        await save(i);
        duringBurst.push(performance.now() - start);
      }
      await burstDone;
      await idle();
    }
    return { isolated, burstMs, visible, duringBurst, duringBurstBusy };
  } finally {
    await strapi.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const strapiSaveScenario: BenchScenario = {
  id: 'strapi.save',
  title: 'Strapi: what a save costs with the plugin (Document Service update+publish, SQLite)',
  async run({ quick }) {
    // Quick mode keeps the whole `npm run bench -- --quick` under 5 minutes.
    const samples = quick ? 50 : 300;
    const without = await measure(false, samples);
    const withPlugin = await measure(true, samples);
    const figures: BenchFigure[] = [];
    for (const p of [50, 95]) {
      figures.push(
        figure({
          id: `strapi.save.p${p}`,
          title: `update+publish p${p}, plugin enabled`,
          unit: 'ms',
          betterIs: 'lower',
          samples: [percentile(withPlugin.isolated, p)],
          baseline: {
            title: 'same, plugin disabled',
            samples: [percentile(without.isolated, p)],
          },
          notes:
            p === 50
              ? `the save path only runs the middleware and queues the document; regeneration runs after the commit (${samples} saves of a ~3 KB blocks article)`
              : undefined,
        }),
      );
    }
    figures.push(
      figure({
        id: 'strapi.save.burst',
        title: '40 back-to-back saves, plugin enabled (syncs compete for the connection)',
        unit: 'ms',
        betterIs: 'lower',
        samples: [withPlugin.burstMs],
        baseline: { title: 'same, plugin disabled', samples: [without.burstMs] },
      }),
      figure({
        id: 'strapi.save.visible',
        title: 'save until the M-URL and sitemap show it (p50, rebuild debounce 100 ms)',
        unit: 'ms',
        betterIs: 'lower',
        samples: [median(withPlugin.visible)],
        baseline: { title: 'the save alone, plugin disabled', samples: [median(without.isolated)] },
        notes: `p95 ${percentile(withPlugin.visible, 95).toFixed(1)} ms; the sitemap rebuild is debounced on purpose so bursts cost one rebuild`,
      }),
    );
    // Scenario 3 of issue #11: the same save with many documents already published (and, with
    // the plugin, in the agent table, whose sitemap is rebuilt after each save).
    for (const size of quick ? [1_000] : [1_000, 100_000]) {
      const sizeSamples = quick ? 10 : size > 10_000 ? 10 : 60;
      const bare = await measure(false, sizeSamples, size);
      const loaded = await measure(true, sizeSamples, size);
      const label = size.toLocaleString('en-US');
      for (const p of [50, 95]) {
        figures.push(
          figure({
            id: `strapi.save.p${p}.at-${size}`,
            title: `update+publish p${p} with ${label} published articles, plugin enabled`,
            unit: 'ms',
            betterIs: 'lower',
            samples: [percentile(loaded.isolated, p)],
            baseline: {
              title: `same ${label} articles, plugin disabled`,
              samples: [percentile(bare.isolated, p)],
            },
          }),
        );
      }
      figures.push(
        figure({
          id: `strapi.save.during-burst.at-${size}`,
          title: `update+publish p50 behind a burst of 40 saves, ${label} articles, plugin enabled`,
          unit: 'ms',
          betterIs: 'lower',
          samples: [median(loaded.duringBurst)],
          baseline: {
            title: `same saves, ${label} articles, plugin disabled`,
            samples: [median(bare.duringBurst)],
          },
          goalRatio: 1.5,
          notes: `p95 ${percentile(loaded.duringBurst, 95).toFixed(1)} ms vs ${percentile(bare.duringBurst, 95).toFixed(1)} ms; ${loaded.duringBurstBusy} of ${loaded.duringBurst.length} saves started while the plugin was still syncing and rebuilding for the burst`,
        }),
        figure({
          id: `strapi.save.visible.at-${size}`,
          title: `save until the M-URL and sitemap show it, ${label} articles (p50)`,
          unit: 'ms',
          betterIs: 'lower',
          samples: [median(loaded.visible)],
          baseline: {
            title: `the save alone, ${label} articles, plugin disabled`,
            samples: [median(bare.isolated)],
          },
          notes: `p95 ${percentile(loaded.visible, 95).toFixed(1)} ms (${sizeSamples} saves); the burst rebuilds only what the save touched (its sitemap shard, llms.txt part, SCP delta), whatever the size of the site${quick ? '; 100,000 in full mode' : ''}`,
        }),
      );
    }
    return figures;
  },
};
