import { markdownTwinUrl } from '@agent-ready/core/llmstxt';
import { databaseConfig, FUZZING } from '@agent-ready/test-support';
import { openAgentSite, SILENT_LOGGER, type AgentSite, type DatabaseOption } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';
import { siteOptions, SITE_ORIGIN } from './fixtures/site-options';
import { viewOf } from './fixtures/site-process';

/**
 * Issue 46: a writer and a read-only instance on one SQLite file, the reader trusting its cache
 * for an hour: only SQLite's data version (reader/sqlite-change-check.ts) can tell it of the
 * writer's commits, and it must, before its next answer. Asked right after each acknowledgement
 * of 250 publish/unpublish pairs, it never serves what the writer no longer publishes, nor
 * misses what it just published: M-URL (the synchronous cached path included), Markdown twin,
 * sitemap, and the MCP fetch's read.
 */
/**
 * 250 pairs restart the write-ahead log six times (a restarted log's header can repeat a frame
 * count under new salts: the case the check must not miss); 1,000 under `npm run fuzz`.
 */
const PAIRS = FUZZING ? 1000 : 250;
const HOUR = 3_600_000;

test('a read-only instance on the same SQLite file is current right after every acknowledgement', async () => {
  const database = databaseConfig('sqlite') as DatabaseOption;
  const open = (mode: 'standalone' | 'read-only') =>
    openAgentSite({
      site: siteOptions(),
      database,
      mode,
      revalidateAfterMs: HOUR,
      rebuild: { automatic: false },
      logger: SILENT_LOGGER,
    });
  const writer = await open('standalone');
  let reader: AgentSite | undefined;
  try {
    reader = await open('read-only');
    const view = viewOf(reader);
    const doc = (edit: number) =>
      preparedDocument({
        key: 'product',
        path: '/product/',
        title: 'Product',
        content: `v${edit}`,
      });
    const twin = new URL(markdownTwinUrl(`${SITE_ORIGIN}/product/`)).pathname;
    const stale: string[] = [];
    const ask = async (edit: number, published: boolean) => {
      // As a request from an agent arrives: through the event loop, after the acknowledgement.
      await new Promise((resolve) => setImmediate(resolve));
      const mUrl = await view.get('/product/llm.json');
      if (
        published ? !(mUrl.status === 200 && mUrl.body.includes(`v${edit}`)) : mUrl.status === 200
      )
        stale.push(`${edit} M-URL ${mUrl.status}`);
      // Twice: the second answer comes from the cache the first one filled.
      const again = await view.get('/product/llm.json');
      if (again.status !== mUrl.status) stale.push(`${edit} cached M-URL ${again.status}`);
      const markdown = await view.get(twin);
      if ((markdown.status === 200) !== published) stale.push(`${edit} twin ${markdown.status}`);
      const sitemap = await view.get('/llm-sitemap.json');
      if (sitemap.body.includes(`${SITE_ORIGIN}/product/`) !== published)
        stale.push(`${edit} sitemap`);
      const fetched = await reader!.reader.readDocument('/product/llm.json');
      if ((fetched !== undefined) !== published) stale.push(`${edit} MCP fetch`);
    };
    for (let edit = 1; edit <= PAIRS; edit++) {
      await writer.engine!.upsert(doc(edit));
      await ask(edit, true);
      await writer.engine!.remove('product', '', 'unpublished');
      await ask(edit, false);
    }
    expect(stale).toEqual([]);
  } finally {
    await reader?.close();
    await writer.close();
  }
});
