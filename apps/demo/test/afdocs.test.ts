import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CheckResult, ReportResult } from 'afdocs';
import { bootDemo, type BootedDemo } from './support/boot-demo';
import { DEMO_DIR, DEMO_START_DEADLINE_MS } from './support/run-demo';

// Issue #20: the third-party AFDocs checker (`afdocs check <site>`, the version pinned in
// package.json) reports no failure on the demo site. It runs as its CLI in a child process, as
// a user runs it: its programmatic API is an ES module, which this CommonJS jest cannot load.

/** The CLI's script, found from the package the demo depends on (it exports no package.json). */
function afdocsBin(): string {
  let dir = dirname(createRequire(join(DEMO_DIR, 'package.json')).resolve('afdocs'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    bin: { afdocs: string };
  };
  return join(dir, manifest.bin.afdocs);
}

/** `afdocs check` on `site` with `options` (its config file's `options`), its JSON report. */
async function afdocsCheck(
  site: string,
  options: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ReportResult> {
  // An explicit config file: without one, afdocs takes the first agent-docs.config.yml it finds
  // from its working folder up to the root. JSON is YAML.
  const dir = mkdtempSync(join(tmpdir(), 'afdocs-'));
  try {
    const config = join(dir, 'agent-docs.config.yml');
    writeFileSync(config, JSON.stringify({ url: site, options }));
    const args = [afdocsBin(), 'check', '--config', config, '--format', 'json', '--quiet'];
    // It exits 1 when a check fails: the report on stdout says which, so read it either way.
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        args,
        { cwd: dir, signal, maxBuffer: 64 * 1024 * 1024 },
        (_error, stdout, stderr) => resolve({ stdout, stderr }),
      ),
    );
    // With --quiet, what it prints on stderr is its own warnings and errors.
    if (stderr.trim()) console.warn(`afdocs printed on stderr:\n${stderr}`);
    try {
      return JSON.parse(stdout) as ReportResult;
    } catch {
      throw new Error(`afdocs printed no JSON report:\n${stdout}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `id: message` of each check with one of `statuses` (with its details, when asked). */
const listed = (report: ReportResult, statuses: CheckResult['status'][], withDetails = false) =>
  report.results
    .filter((r) => statuses.includes(r.status))
    .map(
      (r) =>
        `${r.id}: ${r.message}` +
        (withDetails && r.details ? `\n  ${JSON.stringify(r.details).slice(0, 4000)}` : ''),
    );

/** Prints the warnings (allowed) and asserts that no check failed or could not run. */
function expectNoFailure(report: ReportResult, run: string) {
  const warnings = listed(report, ['warn']);
  if (warnings.length > 0) console.warn(`AFDocs warnings (${run}):\n${warnings.join('\n')}`);
  // A check that errored verified nothing: it counts as a failure.
  // The details name each failing URL and what it answered.
  expect(listed(report, ['fail', 'error'], true)).toEqual([]);
}

describe('AFDocs on the demo site', () => {
  let booted: BootedDemo | undefined;
  /** Stops an afdocs run that a failed or timed-out test leaves behind. */
  let running: AbortController;

  beforeAll(async () => {
    // AFDocs reads only the public site: the admin panel is not built (about 30 s more).
    booted = await bootDemo('sqlite', { DEMO_SKIP_ADMIN_BUILD: '1' });
  }, DEMO_START_DEADLINE_MS + 30_000);

  afterAll(async () => {
    await booted?.shutdown();
  }, 60_000);

  beforeEach(() => {
    running = new AbortController();
  });

  afterEach(() => running.abort());

  // Local settings in both runs: no delay between requests (AFDocs waits 200 ms by default, to
  // be gentle with a public site; this one is ours, on loopback), and the scan's vantage point
  // named, not guessed from the environment (CI=true would make it "ci"), so the report is the
  // same on a laptop and in CI.
  // Its request deadline is 60 s, not 15: on a 2-core CI machine busy with a Strapi admin build,
  // a slow answer is not a broken link (the run waits no longer when answers come fast).
  const local = { requestDelay: 0, requestTimeout: 60_000, networkContext: 'developer-machine' };

  it('every page it discovers (llms.txt and sitemap) passes every check', async () => {
    // Complete and deterministic: by default AFDocs tests a random sample of 50 pages; with
    // more links allowed than the demo has pages, nothing is sampled out and every run tests
    // the same pages ("deterministic" only orders them).
    const report = await afdocsCheck(
      booted!.site,
      { ...local, samplingStrategy: 'deterministic', maxLinksToTest: 1000 },
      running.signal,
    );
    expectNoFailure(report, 'every page');
    // It found the pages where agents look for them, and tested them all.
    expect(report.discoverySources).toEqual(expect.arrayContaining(['llms-txt', 'sitemap']));
    expect(report.results.filter((r) => r.details?.sampled === true).map((r) => r.id)).toEqual([]);
  }, 150_000);

  it('the home page passes every check', async () => {
    // Discovery never reaches the home page (llms.txt and the sitemap list documents); with
    // sampling "none" AFDocs tests exactly the URL it is given.
    const report = await afdocsCheck(
      `${booted!.site}/`,
      { ...local, samplingStrategy: 'none' },
      running.signal,
    );
    expectNoFailure(report, 'the home page');
    expect(report.testedPages).toBe(1);
  }, 60_000);
});
