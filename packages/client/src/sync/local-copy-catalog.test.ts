import { buildMUrlRepresentation } from '@agent-ready/core/tct';
import { LocalCopyCatalog } from './local-copy-catalog';
import type { StoredDocument } from './sync-state';

const ORIGIN = 'https://example.com';

function stored(path: string, title: string, text: string): StoredDocument {
  const cUrl = `${ORIGIN}${path}`;
  const rep = buildMUrlRepresentation({
    canonicalUrl: cUrl,
    title,
    content: `${title}\n\n${text}`,
    modified: '2025-10-01T00:00:00Z',
  });
  return {
    mUrl: `${cUrl}llm.json`,
    cUrl,
    hash: rep.hash,
    etag: `"${rep.hash}"`,
    lastModified: null,
    body: rep.body,
    fetchedAt: '2025-10-01T00:00:00Z',
  };
}

describe('LocalCopyCatalog', () => {
  it('searches the copy: any term, the most terms and titles first, snippets, cursor pages', async () => {
    const catalog = new LocalCopyCatalog();
    catalog.replace([
      stored('/a/', 'Apples', 'Red apples grow on trees.'),
      stored('/b/', 'Bananas', 'Bananas are yellow; apples are not.'),
      stored('/c/', 'Cherries', 'Small and red.'),
    ]);
    const page = await catalog.searchDocuments({ query: 'apples', limit: 1 });
    expect(page.hits.map((h) => h.cUrl)).toEqual([`${ORIGIN}/a/`]);
    expect(page.hits[0]!.snippet).toContain('Red apples');
    const next = await catalog.searchDocuments({
      query: 'apples',
      limit: 1,
      cursor: page.nextCursor!,
    });
    expect(next.hits.map((h) => h.cUrl)).toEqual([`${ORIGIN}/b/`]);
    expect(next.nextCursor).toBeUndefined();
    // Any word matches; the document with both first, stop words (`are`) matching nothing.
    expect(
      (await catalog.searchDocuments({ query: 'Which are red apples?' })).hits.map((h) => h.cUrl),
    ).toEqual([`${ORIGIN}/a/`, `${ORIGIN}/c/`, `${ORIGIN}/b/`]);
    expect((await catalog.searchDocuments({ query: '"are yellow"' })).hits).toHaveLength(1);
    await expect(
      catalog.searchDocuments({ query: 'apples', cursor: 'nope' }),
    ).rejects.toMatchObject({
      code: 'catalog.cursor',
    });
  });

  it('lists and reads by URL, and tells watchers what a refresh changed', async () => {
    const catalog = new LocalCopyCatalog();
    const a = stored('/a/', 'Apples', 'Red.');
    catalog.replace([a, stored('/b/', 'Bananas', 'Yellow.')]);
    expect((await catalog.listDocuments({ limit: 1 })).documents.map((d) => d.cUrl)).toEqual([
      `${ORIGIN}/a/`,
    ]);
    expect(catalog.mPathOf(`${ORIGIN}/a/`)).toBe('/a/llm.json');
    expect(catalog.mPathOf(`${ORIGIN}/a/llm.json`)).toBe('/a/llm.json');
    const read = await catalog.readDocument('/a/llm.json');
    expect(read?.markdown).toBe('# Apples\n\nRed.\n');
    const told: string[] = [];
    catalog.watchChanges((changes) => told.push(...changes.map((c) => `${c.state} ${c.cUrl}`)));
    catalog.replace([a, stored('/c/', 'Cherries', 'Small.')]);
    expect(told).toEqual([`published ${ORIGIN}/c/`, `deleted ${ORIGIN}/b/`]);
    expect(catalog.replace([a, stored('/c/', 'Cherries', 'Small.')])).toEqual([]);
  });
});
