import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { freePort } from '@agent-ready/test-support';
import { adminJwt, createAdminUser, superAdminRoleId } from './admin-users';
import { bootFixture, type Fixture } from './fixture-app';

interface CheckAnswer {
  target: string;
  reason: string;
  report: {
    origin: string;
    connectedTo?: string;
    summary: { total: number; pass: number; fail: number; notTested: number };
    checks: { id: string; status: string; evidence: { detail: string } }[];
  };
}

/** The built `agent-ready` command (turbo builds the plugin's dependencies first). */
const CLI = join(
  dirname(createRequire(__filename).resolve('@agent-ready/cli/package.json')),
  'dist',
  'bin.js',
);

/** `agent-ready <args>`, run to its end: its stdout. */
function agentReadyCommand(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => resolve(stdout));
  });
}

/**
 * Check now as a fresh install runs it: defaults everywhere but `rootPage`, a public origin
 * (the front-end) that does not serve the agent endpoints yet, Strapi listening. The check must
 * say it validated this server under the public URLs, and test what agents will get there:
 * not follow the root's redirect to /admin, not stop at "the sitemap is on another origin".
 */
export function describeCheckNowOnFreshInstall(rootPage: 'admin-redirect' | 'agent-index'): void {
  let f: Fixture;
  let jwt: string;
  let publicOrigin: string;

  beforeAll(async () => {
    // Nothing listens there: the public site is not up (or routes nothing to Strapi) yet.
    publicOrigin = `http://127.0.0.1:${await freePort()}`;
    const config = {
      site: { origin: publicOrigin, name: 'Fresh' },
      contentTypes: { 'api::article.article': true },
      ...(rootPage === 'agent-index' ? { rootPage } : {}),
    };
    f = await bootFixture({ config });
    await new Promise<void>((resolve) => f.http.listen(0, '127.0.0.1', resolve));
    for (const n of [1, 2]) {
      await f.strapi.documents('api::article.article' as never).create({
        data: {
          title: `Article ${n}`,
          slug: `article-${n}`,
          content: [{ type: 'paragraph', children: [{ type: 'text', text: `Body ${n}.` }] }],
        },
        status: 'published',
      } as never);
    }
    await f.agentReady.whenIdle();
    await createAdminUser(f.strapi, 'admin@example.com', [await superAdminRoleId(f.strapi)]);
    jwt = await adminJwt(f.http, 'admin@example.com');
  }, 300_000);

  afterAll(() => f?.stop());

  it(`with rootPage ${rootPage}, checks this server under the public URLs and reports real checks`, async () => {
    const res = await request(f.http)
      .post('/agent-ready/check')
      .set('Authorization', `Bearer ${jwt}`)
      .send({});
    expect(res.status).toBe(200);
    const { target, reason, report } = res.body as CheckAnswer;
    expect(target).toBe('server');
    expect(reason).toContain(`${publicOrigin}/llm-sitemap.json`);
    expect(reason).toContain('checked this Strapi server');
    expect(report.origin).toBe(publicOrigin);
    expect(report.connectedTo).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const status = Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
    expect(status['tct.root.index-link']).toBe('pass');
    expect(status['tct.sitemap.status']).toBe('pass');
    expect(status['tct.m-url.304-no-cache']).toBe('pass');
    expect(status['llmstxt.format']).toBe('pass');
    expect(status['tct.root.reachable']).toBe(rootPage === 'agent-index' ? 'pass' : 'not-tested');
    const details = report.checks.map((c) => c.evidence?.detail ?? '').join('\n');
    expect(details).not.toContain('on another origin');
    // The redirect to the admin panel is read, never followed.
    if (rootPage === 'admin-redirect') expect(details).toContain('302 to /admin, not followed');
    expect(details).not.toMatch(/\/admin\S* answered 200/);
    // Real checks, not a "not tested" majority, and a fresh install fails none of them.
    expect(report.summary.pass).toBeGreaterThan(report.summary.notTested);
    const failed = report.checks
      .filter((c) => c.status === 'fail')
      .map((c) => `${c.id}: ${c.evidence?.detail ?? ''}`);
    expect(failed).toEqual([]);
  });

  it('agrees with `agent-ready validate` given the same connection (--connect-to)', async () => {
    const res = await request(f.http)
      .post('/agent-ready/check')
      .set('Authorization', `Bearer ${jwt}`)
      .send({ target: 'server' });
    const { report } = res.body as CheckAnswer;
    // What a developer types to check the same server from a terminal: the requests for the
    // public origin sent to this Strapi, the pages left to the front-end, the root's redirect
    // to the admin panel read.
    const stdout = await agentReadyCommand([
      'validate',
      publicOrigin,
      '--json',
      '--connect-to',
      `${publicOrigin}=${report.connectedTo!}`,
      '--pages-elsewhere',
      ...(rootPage === 'admin-redirect' ? ['--root-redirect', 'read'] : []),
    ]);
    const cli = JSON.parse(stdout) as CheckAnswer['report'];
    const statuses = (checks: CheckAnswer['report']['checks']) =>
      Object.fromEntries(checks.map((c) => [c.id, c.status]));
    expect(cli.origin).toBe(report.origin);
    expect(cli.connectedTo).toBe(report.connectedTo);
    expect(statuses(cli.checks)).toEqual(statuses(report.checks));
    expect(cli.summary).toEqual(report.summary);
  });
}
