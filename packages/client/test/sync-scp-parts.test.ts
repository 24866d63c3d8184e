import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentDocument } from '@agent-ready/core/document';
import { bootExpressSite, homeAndPosts, type TestSite } from '@agent-ready/test-sites';
import { SyncState, syncScp } from '../src';

/**
 * SCP delta parts end to end (issue 18): the Express adapter on a real store, the agent's SCP
 * sync against it. Every document is saved the same day, as after an import: the day's first
 * delta part is sealed at once, and each burst after it costs the agent only the part it grew.
 */
const PART_PAGES = 3;
let site: TestSite;
let documents: AgentDocument[];
let stateDir: string;

function requestsSince(mark: number): string[] {
  return site.log.slice(mark).map((entry) => `${entry.method} ${entry.url} ${entry.status}`);
}

interface ListedDelta {
  url: string;
  generated: string;
  pages: number;
}

/** The delta parts sitemap.xml lists, oldest first. */
async function listedDeltas(): Promise<ListedDelta[]> {
  const xml = await (await fetch(`${site.origin}/scp/sitemap.xml`)).text();
  return [...xml.matchAll(/<scp:delta [^>]*>/g)]
    .map(([tag]) => {
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)![1]!;
      return {
        url: attribute('url'),
        generated: attribute('generated'),
        pages: Number(attribute('pages')),
      };
    })
    .sort((a, b) => Date.parse(a.generated) - Date.parse(b.generated));
}

function localText(url: string): string | undefined {
  const state = SyncState.open(stateDir);
  try {
    for (const section of ['posts', 'pages', 'home', 'root', '']) {
      const page = state.scpIndex(section).get(url);
      if (page) return page.content.map((block) => ('text' in block ? block.text : '')).join(' ');
    }
    return undefined;
  } finally {
    state.close();
  }
}

async function edit(indexes: number[], text: string): Promise<void> {
  for (const i of indexes)
    await site.agent.publish({ ...documents[i]!, body: { format: 'text', value: text } });
  await site.agent.idle();
}

beforeAll(async () => {
  // One source date for all: the commit clock follows it (never ahead of the real clock), so
  // every commit lands in that day's deltas, whatever the time the test runs.
  documents = homeAndPosts(8).map((document) => ({
    ...document,
    modified: '2025-10-01T12:00:00Z',
  }));
  site = await bootExpressSite({
    documents,
    // The snapshot (8 posts) stays as built through the 4 edits below: the deltas carry them.
    scp: { deltaPartPages: PART_PAGES, snapshotAfterChanges: 6 },
  });
  stateDir = mkdtempSync(join(tmpdir(), 'agent-ready-scp-parts-'));
});

afterAll(async () => {
  await site.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('SCP delta parts, synced by the agent', () => {
  it('first sync: the snapshots, no delta', async () => {
    const report = await syncScp(site.origin, { stateDir });
    expect(report).toMatchObject({ ok: true });
    expect(report.scp!.deltas).toBe(0);
    expect(report.scp!.snapshots).toBeGreaterThan(0);
  });

  it('each burst costs the agent the one part it grew, never a sealed part', async () => {
    const posts = `${site.origin}/posts/`;
    const bursts = [[1, 2], [3], [4], [5, 6], [7], [8]];
    for (const [round, burst] of bursts.entries()) {
      const text = `Edited in burst ${round + 1}.`;
      await edit(burst, text);
      const mark = site.log.length;
      const report = await syncScp(site.origin, { stateDir });
      expect(report).toMatchObject({ ok: true, problems: [] });
      expect(report.scp).toMatchObject({ snapshots: 0, deltas: 1 });
      // The one collection fetched is the newest part, and it is small: the burst plus what the
      // part held before it was full. Sealed parts are never fetched twice.
      const deltas = await listedDeltas();
      const newest = deltas[deltas.length - 1]!;
      const fetched = requestsSince(mark).filter((request) => request.includes('.scp'));
      expect({ round, fetched }).toEqual({
        round,
        fetched: [`GET ${new URL(newest.url).pathname} 200`],
      });
      expect(newest.pages).toBeLessThanOrEqual(PART_PAGES - 1 + burst.length);
      for (const i of burst) expect(localText(`${posts}${i}/`)).toBe(text);
    }
    // 9 pages saved and 8 edits, the same day: the day's deltas are in several parts, each of
    // them full but the newest.
    const day = (await listedDeltas()).filter((delta) => delta.url.includes('2025-10-01'));
    expect(day.length).toBeGreaterThanOrEqual(3);
    for (const delta of day.slice(0, -1)) expect(delta.pages).toBeGreaterThanOrEqual(PART_PAGES);
    expect(localText(`${posts}1/`)).toBe('Edited in burst 1.');
    expect(localText(`${posts}5/`)).toBe('Edited in burst 4.');
  });
});
