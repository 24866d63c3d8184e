import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ValidationReport, SyncReport } from '@agent-ready/client';
import { finished, startCli } from './cli-process';
import {
  bootExpressSite,
  homeAndPosts,
  isMUrl,
  rewriteResource,
  type TestSite,
} from '@agent-ready/test-sites';

// The command runs in a child process; the site runs here, so only asynchronous spawning works.
const run = (args: string[]) => finished(startCli(args));

let site: TestSite;
let mcpSite: TestSite;
let stateDir: string;

beforeAll(async () => {
  site = await bootExpressSite({ documents: homeAndPosts(3) });
  mcpSite = await bootExpressSite({ documents: homeAndPosts(1), mcp: true });
  stateDir = mkdtempSync(join(tmpdir(), 'agent-ready-cli-sync-'));
});

afterAll(async () => {
  await site.close();
  await mcpSite.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('agent-ready validate (command)', () => {
  it('prints a table with a summary line and exits 0 when nothing fails', async () => {
    const { code, stdout } = await run(['validate', site.origin, '--all']);
    expect(stdout).toMatch(/\(TCT profile tct-1, as the site declares it\)$/m);
    expect(stdout).toMatch(/^pass {8}tct\.root\.index-link /m);
    expect(stdout).toMatch(/^pass {8}scp\.sitemap\.structure /m);
    expect(stdout).toMatch(/^not tested {2}llmindex\.manifest /m);
    expect(stdout).toMatch(
      /^\d+ checks: \d+ pass, 0 fail, 0 warn, \d+ not tested · \d+ requests, /m,
    );
    expect(code).toBe(0);
  });

  it('exits 1 with the failing check and its evidence in --json', async () => {
    site.variant = rewriteResource(site, isMUrl, (r) => ({ ...r, etag: `W/${r.etag}` }));
    try {
      const { code, stdout } = await run(['validate', site.origin, '--json', '--sample', '2']);
      const report = JSON.parse(stdout) as ValidationReport;
      expect(code).toBe(1);
      expect(report.ok).toBe(false);
      const failed = report.checks.filter((c) => c.status === 'fail');
      expect(failed.map((c) => c.id)).toEqual(['tct.m-url.etag-strong']);
      expect(failed[0]!.evidence.response?.headers.etag).toMatch(/^W\/"sha256-/);
      expect(failed[0]!.counts).toEqual({ pass: 0, fail: 2, warn: 0 });
    } finally {
      site.variant = undefined;
    }
  });

  it('stops at the request budget and says so', async () => {
    const { code, stdout } = await run(['validate', site.origin, '--json', '--max-requests', '5']);
    const report = JSON.parse(stdout) as ValidationReport;
    expect(report.requests.requests).toBe(5);
    expect(report.budgetSpent).toMatch(/request budget \(5\)/);
    expect(report.checks.find((c) => c.id === 'tct.m-url.status')?.status).toBe('not-tested');
    expect(code).toBe(0);
  });

  it('runs the draft -03 checks by their reference names with --profile tct-03', async () => {
    const { code, stdout } = await run([
      'validate',
      site.origin,
      '--json',
      '--profile',
      'tct-03',
      '--sample',
      '1',
    ]);
    const report = JSON.parse(stdout) as ValidationReport;
    expect(code).toBe(1);
    expect(report).toMatchObject({ tctProfile: 'tct-03', tctProfileSource: 'option' });
    const status = new Map(report.checks.map((c) => [c.id, c.status]));
    // A tct-1 site: discovered the same way, but every document is in the other profile.
    expect(status.get('root_generic_index_link')).toBe('pass');
    expect(status.get('sitemap exact_profile')).toBe('fail');
    expect(status.get('sitemap content_type_exact')).toBe('fail');
    expect(status.get('murl exact_profile')).toBe('fail');
    expect(status.has('tct.root.index-link')).toBe(false);
  });

  it('fails mcp.endpoint with --mcp on a site that serves no MCP endpoint', async () => {
    const { code, stdout } = await run(['validate', site.origin, '--mcp', '--sample', '1']);
    expect(stdout).toMatch(
      /^FAIL {8}mcp\.endpoint +asked for, but http:\/\/127\.0\.0\.1:\d+\/mcp serves no MCP endpoint \(answered 404\)/m,
    );
    expect(stdout).toMatch(/^not tested {2}mcp\.search +the MCP endpoint did not initialize$/m);
    expect(code).toBe(1);
  });

  it('checks the MCP endpoint --mcp-url names, its fetched hash against the M-URL', async () => {
    const { code, stdout } = await run([
      'validate',
      mcpSite.origin,
      '--mcp-url',
      '/mcp',
      '--json',
      '--sample',
      '1',
    ]);
    const report = JSON.parse(stdout) as ValidationReport;
    const status = new Map(report.checks.map((c) => [c.id, c.status]));
    expect(status.get('mcp.endpoint')).toBe('pass');
    expect(status.get('mcp.fetch-parity')).toBe('pass');
    expect(code).toBe(0);
  });

  it('exits 2 for a profile it does not know', async () => {
    const { code, stderr } = await run(['validate', site.origin, '--profile', 'tct-2']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/option '--profile <profile>' argument 'tct-2' is invalid/);
  });

  it('exits 2 for an argument that is not an origin', async () => {
    const { code, stderr } = await run(['validate', 'https://example.com/some/path']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/without a path/);
  });
});

describe('agent-ready sync (command)', () => {
  it('reports the first run, then one change-feed request, in --json and as text', async () => {
    const first = await run(['sync', site.origin, '--state', stateDir, '--json']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout) as SyncReport).toMatchObject({ fetched: 4, zeroFetchSkips: 0 });
    const second = await run(['sync', site.origin, '--state', stateDir, '--json']);
    expect(JSON.parse(second.stdout) as SyncReport).toMatchObject({
      requests: 1,
      notModified: 0,
      zeroFetchSkips: 4,
    });
    const text = await run(['sync', site.origin, '--state', stateDir, '--compare-html']);
    expect(text.stdout).toMatch(/zero-fetch skips: +4 documents not requested/);
    expect(text.stdout).toMatch(/naive re-crawl: +4 requests, .*HTML re-crawl, measured now/);
    // stderr is not a terminal here: no progress bar.
    expect(text.stderr).toBe('');
  });

  it('--scp --collection-origin: the listed origins are followed, a bad one exits 2', async () => {
    const scpState = mkdtempSync(join(tmpdir(), 'agent-ready-cli-sync-scp-'));
    try {
      const listed = await run([
        'sync',
        site.origin,
        '--scp',
        '--state',
        scpState,
        '--collection-origin',
        'https://bucket.storage.example/',
        '--json',
      ]);
      // The site's own collections are always followed.
      expect(JSON.parse(listed.stdout) as SyncReport).toMatchObject({ ok: true, mode: 'scp' });
      const bad = await run([
        'sync',
        site.origin,
        '--scp',
        '--rediscover',
        '--state',
        scpState,
        '--collection-origin',
        'not-an-origin',
      ]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/not an absolute URL: not-an-origin/);
    } finally {
      rmSync(scpState, { recursive: true, force: true });
    }
  });

  it('exits 2 when the site links no sitemap', async () => {
    const { code, stderr } = await run([
      'sync',
      'http://127.0.0.1:9',
      '--state',
      join(stateDir, 'other'),
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/agent-ready sync: /);
  });
});
