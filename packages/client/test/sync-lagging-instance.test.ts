import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentDocument } from '@agent-ready/core/document';
import { bootExpressSite, homeAndPosts, lagMUrls, type TestSite } from '@agent-ready/test-sites';
import { SyncState, syncSite } from '../src';

// A second instance behind the one that answered the change feed: its M-URLs do not serve yet
// what the feed announces. The sync must take that for "not yet" (kept, asked again, the cursor
// before it), never for "unchanged".

let site: TestSite;
let documents: AgentDocument[];
let stateDir: string;

const text = (value: string) => ({ format: 'text' as const, value });
/** What the state holds of a document: its text, or undefined when absent. */
function storedContent(document: AgentDocument): string | undefined {
  const state = SyncState.open(stateDir);
  try {
    const stored = state.document(`${site.origin}${document.url}llm.json`);
    return stored
      ? (JSON.parse(stored.body.toString('utf8')) as { content: string }).content
      : undefined;
  } finally {
    state.close();
  }
}

beforeEach(async () => {
  documents = homeAndPosts(3);
  site = await bootExpressSite({ documents });
  stateDir = mkdtempSync(join(tmpdir(), 'agent-ready-sync-lag-'));
  expect(await syncSite(site.origin, { stateDir })).toMatchObject({ ok: true, fetched: 4 });
});

afterEach(async () => {
  await site.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('syncSite through an instance whose M-URLs lag its change feed', () => {
  it('a 304 to the old ETag for a hash the feed announced is not "unchanged": the next run fetches it', async () => {
    const edited = documents[1]!;
    const lag = await lagMUrls(site);
    await site.agent.publish({ ...edited, body: text('Edited while the M-URL lags.') });
    site.variant = lag.handler;
    const lagging = await syncSite(site.origin, { stateDir, notYetRetries: 0 });
    expect(lagging).toMatchObject({ ok: true, fetched: 0, notModified: 1 });
    expect(lagging.notYet).toEqual([
      {
        url: `${site.origin}${edited.url}llm.json`,
        detail: expect.stringMatching(/answers 304 to the copy held/),
      },
    ]);
    expect(storedContent(edited)).toContain('of post 1.');
    // Caught up: the feed, read from the cursor kept before the change, names it again.
    site.variant = undefined;
    const caughtUp = await syncSite(site.origin, { stateDir });
    expect(caughtUp).toMatchObject({ ok: true, fetched: 1, notYet: [] });
    expect(storedContent(edited)).toContain('Edited while the M-URL lags.');
  });

  it('a 200 with another hash than announced is not stored as the change; the next run fetches it', async () => {
    const edited = documents[2]!;
    await site.agent.publish({ ...edited, body: text('Second version.') });
    const lag = await lagMUrls(site);
    await site.agent.publish({ ...edited, body: text('Third version.') });
    site.variant = lag.handler;
    const lagging = await syncSite(site.origin, { stateDir, notYetRetries: 0 });
    expect(lagging).toMatchObject({ ok: true, fetched: 0 });
    expect(lagging.notYet).toEqual([
      {
        url: `${site.origin}${edited.url}llm.json`,
        detail: expect.stringMatching(/the M-URL serves sha256-/),
      },
    ]);
    site.variant = undefined;
    expect(await syncSite(site.origin, { stateDir })).toMatchObject({ ok: true, fetched: 1 });
    expect(storedContent(edited)).toContain('Third version.');
  });

  it('a 404 for a document the feed lists as published is not yet there, not a problem', async () => {
    const lag = await lagMUrls(site);
    const added: AgentDocument = {
      id: 'post-new',
      url: '/posts/new/',
      title: 'New',
      body: text('Published while the M-URL lags.'),
      modified: '2025-10-05T00:00:00Z',
    };
    await site.agent.publish(added);
    site.variant = lag.handler;
    const lagging = await syncSite(site.origin, { stateDir, notYetRetries: 0 });
    expect(lagging).toMatchObject({ ok: true, fetched: 0, problems: [] });
    expect(lagging.notYet).toHaveLength(1);
    site.variant = undefined;
    expect(await syncSite(site.origin, { stateDir })).toMatchObject({ ok: true, fetched: 1 });
    expect(storedContent(added)).toContain('Published while the M-URL lags.');
  });

  it('asks again within the run, and stores the change once the M-URL serves it', async () => {
    const edited = documents[3]!;
    // The instance catches up after its first answer: the retry gets the new bytes.
    const lag = await lagMUrls(site, (_path, lagging) => {
      if (lagging.answered >= 1) lagging.release();
    });
    await site.agent.publish({ ...edited, body: text('Caught up within the run.') });
    site.variant = lag.handler;
    const report = await syncSite(site.origin, { stateDir, notYetWaitMs: 1 });
    expect(report).toMatchObject({ ok: true, fetched: 1, notYet: [] });
    expect(lag.answered).toBe(1);
    expect(storedContent(edited)).toContain('Caught up within the run.');
  });
});
