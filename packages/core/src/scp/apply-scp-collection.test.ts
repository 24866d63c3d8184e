import { applyScpCollection, applyScpDelta, applyScpSnapshot } from './apply-scp-collection';
import { ScpChecksumError } from './scp-errors';
import { InMemoryScpIndex, type ScpLocalIndex } from './scp-local-index';
import type { ScpPage } from './scp-types';

// Spec Appendix B, Example 2 (delta application workflow).
const SNAPSHOT = `{"collection":{"id":"blog-snapshot-day1","section":"blog","type":"snapshot","generated":"2000-01-15T00:00:00Z","version":"0.1"}}
{"url":"https://example.com/blog/post-1","title":"First Post","description":"The first blog post","modified":"2000-01-10T12:00:00Z","language":"en","content":[{"type":"heading","level":1,"text":"First Post"},{"type":"text","text":"This is the first post."}]}
{"url":"https://example.com/blog/post-2","title":"Second Post","description":"The second blog post","modified":"2000-01-12T14:00:00Z","language":"en","content":[{"type":"heading","level":1,"text":"Second Post"},{"type":"text","text":"This is the second post."}]}`;
const DELTA = `{"collection":{"id":"blog-delta-day2","section":"blog","type":"delta","generated":"2000-01-16T23:00:00Z","since":"2000-01-15T00:00:00Z","version":"0.1"}}
{"url":"https://example.com/blog/post-2","title":"Second Post (Updated)","description":"The updated second post","modified":"2000-01-16T10:00:00Z","language":"en","content":[{"type":"heading","level":1,"text":"Second Post"},{"type":"text","text":"This post has been updated with new content."}]}
{"url":"https://example.com/blog/post-3","title":"Third Post","description":"A newly published post","modified":"2000-01-16T15:00:00Z","language":"en","content":[{"type":"heading","level":1,"text":"Third Post"},{"type":"text","text":"This is a newly published post."}]}`;

const page = (url: string, modified: string, title = url): ScpPage => ({
  url,
  title,
  description: '',
  modified,
  language: 'en',
  content: [{ type: 'text', text: title }],
});

describe('delta application (spec procedure)', () => {
  it("follows the spec's Example 2", async () => {
    const index = new InMemoryScpIndex();
    expect(await applyScpCollection(index, [Buffer.from(SNAPSHOT)])).toMatchObject({
      inserted: 2,
      replaced: 0,
      deleted: 0,
    });
    const result = await applyScpCollection(index, [Buffer.from(DELTA)]);
    expect(result).toMatchObject({
      inserted: 1,
      replaced: 1,
      ignored: 0,
      deleted: 0,
      metadata: { type: 'delta' },
    });
    expect(index.size).toBe(3);
    expect(index.get('https://example.com/blog/post-2')!.title).toBe('Second Post (Updated)');
    expect(index.get('https://example.com/blog/post-1')!.title).toBe('First Post');
  });

  it('replaces only when strictly newer, comparing instants; keeps the local copy otherwise', async () => {
    const index = new InMemoryScpIndex();
    index.put(page('https://example.com/a', '2025-01-10T12:00:00Z', 'local'));
    index.put(page('https://example.com/b', '2025-01-10T12:00:00Z', 'local'));
    index.put(page('https://example.com/c', '2025-01-10T12:00:00Z', 'local'));
    const result = await applyScpDelta(index, [
      page('https://example.com/a', '2025-01-10T14:00:00+02:00', 'same instant'),
      page('https://example.com/b', '2025-01-09T00:00:00Z', 'older'),
      page('HTTPS://EXAMPLE.com/c', '2025-01-10T12:00:00.001Z', 'newer'),
    ]);
    expect(result).toEqual({ inserted: 0, replaced: 1, ignored: 2, deleted: 0 });
    expect(index.get('https://example.com/a')!.title).toBe('local');
    expect(index.get('https://example.com/b')!.title).toBe('local');
    expect(index.get('https://example.com/c')!.title).toBe('newer');
  });

  it('learns deletions from a snapshot and keeps pages a delta already made newer', async () => {
    const index = new InMemoryScpIndex();
    index.put(page('https://example.com/gone', '2025-01-01T00:00:00Z'));
    index.put(page('https://example.com/kept', '2025-01-20T00:00:00Z', 'from a later delta'));
    const result = await applyScpSnapshot(index, [
      page('https://example.com/kept', '2025-01-15T00:00:00Z', 'snapshot copy'),
      page('https://example.com/new', '2025-01-15T00:00:00Z'),
    ]);
    expect(result).toEqual({ inserted: 1, replaced: 0, ignored: 1, deleted: 1 });
    expect(index.urls().sort()).toEqual(['https://example.com/kept', 'https://example.com/new']);
    expect(index.get('https://example.com/kept')!.title).toBe('from a later delta');
  });

  it('works with an async index', async () => {
    const store = new Map<string, ScpPage>();
    const index: ScpLocalIndex = {
      get: async (url) => store.get(url),
      put: async (p) => void store.set(p.url, p),
      delete: async (url) => void store.delete(url),
      async *urls() {
        yield* store.keys();
      },
    };
    await applyScpCollection(index, [Buffer.from(SNAPSHOT)]);
    await applyScpCollection(index, [Buffer.from(DELTA)]);
    expect([...store.keys()]).toHaveLength(3);
  });

  it('does not touch the index when the collection fails verification', async () => {
    const index = new InMemoryScpIndex();
    const tampered = SNAPSHOT.replace(
      '"version":"0.1"}}',
      `"version":"0.1","checksum":"sha256:${'0'.repeat(64)}"}}`,
    );
    await expect(applyScpCollection(index, [Buffer.from(tampered)])).rejects.toBeInstanceOf(
      ScpChecksumError,
    );
    expect(index.size).toBe(0);
  });
});
