import { describeEachDatabase } from '@agent-ready/test-support';
import type { RegenerationEngine } from '..';
import { engineForEachTest } from '../../test/fixtures/engine-for-each-test';
import { preparedDocument } from '../../test/fixtures/prepared-documents';

/** The catalog's listing (MCP resources) is the JSON sitemap's order, page after page. */
describeEachDatabase('catalog listing', (dialect) => {
  let engine: RegenerationEngine;
  engineForEachTest(dialect, (opened) => (engine = opened), {
    sitemap: {
      origin: 'https://example.com',
      maxItemsPerShard: 4,
      overviewUrl: 'https://example.com/d/7/',
    },
  });

  /** Every item of the JSON sitemap, through its index, in order. */
  async function sitemapOrder(): Promise<string[]> {
    const read = async (path: string) =>
      JSON.parse((await engine.reader.artifact(path))!.body.toString('utf8')) as {
        sitemaps?: { url: string }[];
        items?: { cUrl: string }[];
      };
    const index = await read('/llm-sitemap-index.json');
    const urls: string[] = [];
    for (const shard of index.sitemaps!) {
      urls.push(...(await read(new URL(shard.url).pathname)).items!.map((item) => item.cUrl));
    }
    return urls;
  }

  it('lists the published public documents in sitemap order, across shards and pages', async () => {
    // Paths out of id order, so the order within a shard is the URL's, not the row's.
    const names = ['m', 'c', 'x', 'a', 'q', 'b', 'z', 'k', 'e', 'p', 'g', 'h', 'u', 'w'];
    await engine.upsertMany(
      names.map((name, i) =>
        preparedDocument({
          key: `doc-${i}`,
          path: `/${name}/`,
          title: `Doc ${name}`,
          content: name,
        }),
      ),
    );
    await engine.upsert(
      preparedDocument({ key: 'overview', path: '/d/7/', title: 'Overview', content: 'home' }),
    );
    await engine.upsert(
      preparedDocument({
        key: 'private',
        path: '/private/',
        title: 'Private',
        content: 'x',
        visibility: 'protected',
      }),
    );
    await engine.remove('doc-4', '', 'unpublished');
    await engine.remove('doc-5', '', 'deleted');
    const expected = await sitemapOrder();
    expect(expected[0]).toBe('https://example.com/d/7/');
    expect(expected).toHaveLength(13);
    for (const limit of [1, 3, 4, 5, 100]) {
      const listed: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await engine.reader.listDocuments({ limit, ...(cursor ? { cursor } : {}) });
        expect(page.documents.length).toBeLessThanOrEqual(limit);
        listed.push(...page.documents.map((d) => d.cUrl));
        cursor = page.nextCursor;
      } while (cursor);
      expect(listed).toEqual(expected);
    }
    const all = await engine.reader.listDocuments({ includeProtected: true });
    expect(all.documents.map((d) => d.cUrl)).toContain('https://example.com/private/');
    expect(all.documents).toHaveLength(14);
  });

  it('reads a published document as its Markdown twin, with the M-URL hash', async () => {
    const prepared = preparedDocument({
      key: 'doc',
      path: '/a/',
      title: 'A title',
      content: 'Some text',
    });
    const stored = await engine.upsert(prepared);
    const doc = await engine.reader.readDocument(prepared.mPath);
    expect(doc).toMatchObject({
      cUrl: 'https://example.com/a/',
      title: 'A title',
      hash: stored.hash,
      modified: stored.modified,
    });
    expect(doc!.markdownHash).toMatch(/^sha256-/);
    expect(doc!.markdown.length).toBeGreaterThan(0);
    await engine.remove('doc', '', 'deleted');
    expect(await engine.reader.readDocument(prepared.mPath)).toBeUndefined();
    await expect(engine.reader.listDocuments({ cursor: 'nonsense' })).rejects.toMatchObject({
      code: 'catalog.cursor',
    });
  });
});
