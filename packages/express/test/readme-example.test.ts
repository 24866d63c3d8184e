import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForState } from '@agent-ready/test-support';
import request from 'supertest';

/** The README's example, run exactly as written (against the built package). */
describe('the package README example', () => {
  it('runs as written and serves the agent endpoints', async () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    // Inside the package, so `@agent-ready/express` and `express` resolve as for a user.
    const script = join(__dirname, '..', `.readme-example-${process.pid}.mjs`);
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-readme-'));
    writeFileSync(script, code!);
    // The README logs the port it was given, as a reader's app would: give it a real one.
    const port = await freePort();
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, PORT: String(port), AGENT_READY_DB: join(dir, 'site.sqlite') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes(`listening on ${port}`)) resolve();
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (exitCode) => reject(new Error(`example exited ${exitCode}: ${out}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const mUrl = await request(base).get('/hello/llm.json');
      expect(mUrl.status).toBe(200);
      expect(JSON.parse(mUrl.text).content).toBe('Hello World\n\nThe first post.');
      expect(
        (await request(base).get('/hello/llm.json').set('If-None-Match', mUrl.headers.etag!))
          .status,
      ).toBe(304);
      const page = await request(base).get('/hello/');
      expect(page.text).toContain(
        '<link rel="alternate" type="application/json" href="https://example.com/hello/llm.json">',
      );
      // The sitemap is composed from the table: the root links it as soon as a document is in.
      const root = await waitForState('the sitemap link on the root', async () => {
        const answer = await request(base).get('/');
        return answer.headers.link?.includes('rel="index"') ? answer : undefined;
      });
      expect(root.headers.link).toContain('<https://example.com/llm-sitemap.json>; rel="index"');
      // The SCP collections follow the publish shortly (a coalesced rebuild), then robots.txt
      // names their sitemap.xml.
      const robots = await waitForState('the SCP sitemap in robots.txt', async () => {
        const answer = await request(base).get('/robots.txt');
        return answer.text.includes('Sitemap:') ? answer : undefined;
      });
      expect(
        robots.text.startsWith(
          'User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/scp/sitemap.xml\n',
        ),
      ).toBe(true);
    } finally {
      child.kill();
      rmSync(script, { force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
