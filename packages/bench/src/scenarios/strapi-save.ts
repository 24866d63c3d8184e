import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { figure, median, type BenchFigure, type BenchScenario } from '../measurement';

// The plugin's fixture Strapi app (tests/fixtures/app), booted in this process with the built
// plugin and without it, on a fresh SQLite file each time.
const require = createRequire(import.meta.url);
const pluginDir = dirname(require.resolve('@agent-ready/strapi-plugin/package.json'));
const appDir = join(pluginDir, 'tests', 'fixtures', 'app');
const fromPlugin = createRequire(join(pluginDir, 'package.json'));

interface StrapiLike {
  load(): Promise<StrapiLike>;
  destroy(): Promise<void>;
  documents(uid: string): {
    create(params: object): Promise<{ documentId: string }>;
    update(params: object): Promise<unknown>;
  };
  plugin(name: string): { service(name: string): { whenIdle(): Promise<void> } };
}

const ARTICLE = 'api::article.article';
const CONFIG = {
  site: { origin: 'https://bench.example', name: 'Bench', language: 'en' },
  contentTypes: {
    [ARTICLE]: { url: '/{locale}/blog/{slug}/', body: 'content', description: 'excerpt' },
  },
};

/** ~3 KB of blocks: a typical article body. */
function articleBlocks(revision: number) {
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
}

async function measure(plugin: boolean, samples: number): Promise<Measured> {
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
    return { isolated, burstMs, visible };
  } finally {
    await strapi.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const strapiSaveScenario: BenchScenario = {
  id: 'strapi.save',
  title: 'Strapi: what a save costs with the plugin (Document Service update+publish, SQLite)',
  async run({ quick }) {
    const samples = quick ? 80 : 300;
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
    return figures;
  },
};
