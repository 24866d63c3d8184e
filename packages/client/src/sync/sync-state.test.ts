import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScpPage } from '@agent-ready/core/scp';
import { SyncError } from '../errors/client-errors';
import { SyncState } from './sync-state';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-ready-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = (url: string, modified = '2025-10-01T00:00:00Z'): ScpPage => ({
  url,
  title: 't',
  description: 'd',
  modified,
  language: 'en',
  content: [{ type: 'text', text: 'x' }],
});

describe('SyncState', () => {
  it('keeps documents across reopenings, keyed by normalized URL', () => {
    const state = SyncState.open(join(dir, 'nested'));
    state.claim('https://example.com', 'tct');
    state.putDocument({
      mUrl: 'HTTPS://Example.com:443/a/llm.json',
      cUrl: 'https://example.com/a/',
      hash: 'sha256-x',
      etag: '"sha256-x"',
      lastModified: null,
      body: Buffer.from('{}'),
    });
    state.close();
    const again = SyncState.open(join(dir, 'nested'));
    expect(again.document('https://example.com/a/llm.json')?.etag).toBe('"sha256-x"');
    expect(again.documentUrls()).toEqual(['https://example.com/a/llm.json']);
    expect(again.deleteDocument('https://example.com/a/llm.json')).toBe(true);
    again.close();
  });

  it('belongs to one origin and one mode', () => {
    const state = SyncState.open(dir);
    state.claim('https://example.com', 'tct');
    expect(() => state.claim('https://other.example', 'tct')).toThrow(SyncError);
    expect(() => state.claim('https://example.com', 'scp')).toThrow(/mode tct, not scp/);
    state.close();
  });

  it('keeps SCP sections apart, so one snapshot never deletes another section', () => {
    const state = SyncState.open(dir);
    const blog = state.scpIndex('blog');
    const docs = state.scpIndex('docs');
    blog.put(page('https://example.com/b'));
    docs.put(page('https://example.com/d'));
    expect(blog.urls()).toEqual(['https://example.com/b']);
    expect(docs.get('https://EXAMPLE.com/d')?.url).toBe('https://example.com/d');
    blog.delete('https://example.com/b');
    expect(state.scpPageCount()).toBe(1);
    state.close();
  });

  it("names a moved page's newest section, though its old one still lists it", () => {
    const state = SyncState.open(dir);
    // Moved from `news` to `blog`: `news` keeps the old copy until its next snapshot, which
    // may even be applied after `blog`'s (a snapshot made before the move).
    state.scpIndex('blog').put(page('https://example.com/moved', '2025-10-02T00:00:00Z'));
    state.scpIndex('news').put(page('https://example.com/moved', '2025-10-01T00:00:00Z'));
    state.scpIndex('zoo').put(page('https://example.com/stays'));
    expect(state.scpPageSections()).toEqual(
      new Map([
        ['https://example.com/moved', 'blog'],
        ['https://example.com/stays', 'zoo'],
      ]),
    );
    // Moved the other way round: the newest copy still wins over the order of sections.
    state.scpIndex('zoo').put(page('https://example.com/moved', '2025-10-03T00:00:00Z'));
    expect(state.scpPageSections().get('https://example.com/moved')).toBe('zoo');
    state.close();
  });

  it('rolls a failed transaction back', async () => {
    const state = SyncState.open(dir);
    await expect(
      state.transaction(async () => {
        state.scpIndex('blog').put(page('https://example.com/x'));
        throw new Error('interrupted');
      }),
    ).rejects.toThrow('interrupted');
    expect(state.scpPageCount()).toBe(0);
    state.close();
  });
});
