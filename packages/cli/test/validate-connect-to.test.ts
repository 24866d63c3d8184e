import type { ValidationReport } from '@agent-ready/client';
import { bootExpressSite, homeAndPosts, type TestSite } from '@agent-ready/test-sites';
import { finished, startCli } from './cli-process';

// A site checked before it is public: its URLs are on an origin that does not resolve (.invalid
// never does, RFC 6761) while it listens on a local socket.
const PUBLIC = 'https://shop.invalid';
const run = (args: string[]) => finished(startCli(args));

let site: TestSite;

beforeAll(async () => {
  site = await bootExpressSite({ documents: homeAndPosts(2), publicOrigin: PUBLIC });
});

afterAll(() => site.close());

describe('agent-ready validate --connect-to', () => {
  it('fails where the public origin cannot be reached', async () => {
    const { code, stdout } = await run(['validate', PUBLIC, '--json', '--sample', '1']);
    const report = JSON.parse(stdout) as ValidationReport;
    expect(code).toBe(1);
    expect(report.checks.find((c) => c.id === 'tct.root.reachable')?.status).toBe('fail');
  });

  it('passes through the local server, saying where the requests went', async () => {
    const { code, stdout } = await run([
      'validate',
      PUBLIC,
      '--connect-to',
      `${PUBLIC}=${site.origin}`,
    ]);
    expect(stdout).toContain(
      `requests for ${PUBLIC} sent to ${site.origin} (its URLs and Host kept)`,
    );
    expect(stdout).toMatch(/^\d+ checks: \d+ pass, 0 fail, /m);
    expect(stdout).toMatch(/^pass {8}tct\.c-url\.alternate-link /m);
    expect(code).toBe(0);
  });

  it('takes the local origin alone; --pages-elsewhere leaves the pages untested', async () => {
    const { code, stdout } = await run([
      'validate',
      PUBLIC,
      '--json',
      '--sample',
      '1',
      '--connect-to',
      site.origin,
      '--pages-elsewhere',
      '--root-redirect',
      'read',
    ]);
    const report = JSON.parse(stdout) as ValidationReport;
    expect(report).toMatchObject({ origin: PUBLIC, connectedTo: site.origin, ok: true });
    const pages = report.checks.filter((c) => c.id.startsWith('tct.c-url.'));
    expect(pages.length).toBeGreaterThan(0);
    for (const check of pages) {
      expect(check.status).toBe('not-tested');
      expect(check.evidence.detail).toContain('--pages-elsewhere');
    }
    expect(code).toBe(0);
  });

  it.each([
    [['--connect-to', 'a=b=c'], /not PUBLIC=LOCAL/],
    [['--root-redirect', 'sideways'], /Allowed choices are follow, read/],
  ])('refuses %p before any request (exit 2)', async (args, message) => {
    const { code, stderr } = await run(['validate', PUBLIC, ...args]);
    expect(stderr).toMatch(message);
    expect(code).toBe(2);
  });
});
