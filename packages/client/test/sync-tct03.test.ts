import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@agent-ready/core/crypto';
import { TCT_03 } from '@agent-ready/core/tct';
import { SyncState, syncSite } from '../src';
import { serveTct03Site, type Tct03Site, type Tct03SiteOptions } from './support/serve-tct03-site';

const N = 5;
let stateDir: string;
let site: Tct03Site | undefined;

beforeEach(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'agent-ready-sync-03-'));
});

afterEach(async () => {
  await site?.close();
  site = undefined;
  rmSync(stateDir, { recursive: true, force: true });
});

/** A -03 site whose agents read the sitemap (no change feed). */
async function serve(options: Tct03SiteOptions = {}): Promise<Tct03Site> {
  site = await serveTct03Site({ changeFeed: false, ...options });
  return site;
}

function requestsSince(mark: number): string[] {
  return site!.log.slice(mark);
}

describe('agent-ready sync against a draft -03 site', () => {
  it('stores every M-URL, verified as -03 (the ETag is the hash of the body), then skips them all', async () => {
    await serve();
    const first = await syncSite(site!.origin, { stateDir });
    expect(first).toMatchObject({ ok: true, fetched: N, listed: N, stored: N, problems: [] });
    const state = SyncState.open(stateDir);
    try {
      const stored = state.document(`${site!.origin}/pages/1/llm.json`)!;
      expect(JSON.parse(stored.body.toString('utf8')).profile).toBe(TCT_03.id);
      expect(stored.hash).toBe(`sha256-${sha256Hex(stored.body)}`);
      expect(stored.etag).toBe(`"${stored.hash}"`);
      expect(state.meta('tct_profile')).toBe('tct-03');
    } finally {
      state.close();
    }
    const mark = site!.log.length;
    const second = await syncSite(site!.origin, { stateDir });
    expect(second).toMatchObject({ ok: true, fetched: 0, zeroFetchSkips: N, stored: N });
    // The feed's cursor (absent here), then the sitemap, answered 304: no M-URL asked for.
    expect(requestsSince(mark)).toEqual(['GET /llm-changes.json', 'GET /llm-sitemap.json']);
  });

  it('after one edit fetches that one document, by the etag hint', async () => {
    await serve();
    await syncSite(site!.origin, { stateDir });
    site!.edit('page-2', 'A new text.');
    const mark = site!.log.length;
    const report = await syncSite(site!.origin, { stateDir });
    expect(report).toMatchObject({ ok: true, fetched: 1, zeroFetchSkips: N - 1 });
    expect(requestsSince(mark)).toEqual([
      'GET /llm-changes.json',
      'GET /llm-sitemap.json',
      'GET /pages/2/llm.json',
    ]);
  });

  it('reads an M-Sitemap Index and, after one edit, only the shard whose hint moved', async () => {
    await serve({ maxItemsPerShard: 2 });
    const first = await syncSite(site!.origin, { stateDir });
    expect(first).toMatchObject({ ok: true, fetched: N, listed: N });
    site!.edit('page-4', 'Edited.');
    const mark = site!.log.length;
    const report = await syncSite(site!.origin, { stateDir });
    expect(report).toMatchObject({ ok: true, fetched: 1, zeroFetchSkips: N - 1 });
    // Shard 1 (home, pages 1) is asked conditionally (the root links it): 304; the index
    // moved; shard 2 kept its hint and is not asked for; shard 3 moved.
    expect(requestsSince(mark)).toEqual([
      'GET /llm-changes.json',
      'GET /llm-sitemap.json',
      'GET /llm-sitemap-index.json',
      'GET /llm-sitemap-3.json',
      'GET /pages/4/llm.json',
    ]);
  });

  it('without hints asks every document again, conditionally: 304s, nothing stored twice', async () => {
    await serve({ withoutHints: true });
    await syncSite(site!.origin, { stateDir });
    const report = await syncSite(site!.origin, { stateDir });
    expect(report).toMatchObject({ ok: true, fetched: 0, zeroFetchSkips: 0, stored: N });
    expect(report.notModified).toBe(N + 1);
  });

  it('does not store an M-URL in the legacy profile where the sitemap is -03', async () => {
    await serve({ break: 'm-url-legacy-profile' });
    const report = await syncSite(site!.origin, { stateDir });
    expect(report).toMatchObject({ ok: false, fetched: 0, stored: 0 });
    expect(report.problems[0]?.detail).toMatch(
      /^not stored: profile "tct-1"; the sitemap lists it as tct-03/,
    );
  });

  it('treats a stale hint as a hint: the document verifies and is stored, and asked again next time', async () => {
    await serve({ break: 'm-url-stale-hint' });
    expect(await syncSite(site!.origin, { stateDir })).toMatchObject({ ok: true, fetched: N });
    const again = await syncSite(site!.origin, { stateDir });
    // Every hint is stale: every document is asked again, and each answers 304 (as the sitemap).
    expect(again).toMatchObject({ ok: true, fetched: 0, zeroFetchSkips: 0 });
    expect(again.notModified).toBe(N + 1);
  });
});
