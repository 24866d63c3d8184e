import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentReady } from '../src';

const COUNT = 5000;

/** The rebuild script both processes run: the same list, resumable, its progress on stdout. */
const SCRIPT = `
const { agentReady } = require('@agent-ready/express');
const agent = agentReady({
  site: { origin: 'https://example.com', name: 'Example' },
  database: { client: 'sqlite', filename: process.env.AGENT_READY_DB },
  rebuild: { automatic: false },
});
const docs = Array.from({ length: ${COUNT} }, (_, i) => ({
  id: 'doc-' + i,
  url: '/d/' + i + '/',
  title: 'Document ' + i,
  body: { format: 'markdown', value: 'Text of document ' + i + '.' },
}));
agent
  .rebuild(docs, {
    resume: true,
    progressEvery: 100,
    onProgress: (p) => process.stdout.write('done ' + p.done + '\\n'),
  })
  .then((outcome) => process.stdout.write('outcome ' + JSON.stringify(outcome) + '\\n'));
`;

/**
 * A rebuild killed (SIGKILL) part-way goes on, at the next start, from its last written batch:
 * not from zero, and nothing it had stored is taken off.
 */
describe('rebuild() after a crash', () => {
  it('resumes where the killed process left off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-resume-'));
    // Inside the package, so `@agent-ready/express` resolves to the built package.
    const script = join(__dirname, '..', `.rebuild-resume-${process.pid}.cjs`);
    writeFileSync(script, SCRIPT);
    const database = join(dir, 'site.sqlite');
    try {
      const done = await new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, [script], {
          env: { ...process.env, AGENT_READY_DB: database },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let killedAt = 0;
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const seen = [...out.matchAll(/done (\d+)/g)].map((m) => Number(m[1]));
          const last = seen[seen.length - 1] ?? 0;
          if (killedAt === 0 && last >= 1000) {
            killedAt = last;
            child.kill('SIGKILL');
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code, signal) =>
          signal === 'SIGKILL' ? resolve(killedAt) : reject(new Error(`exited ${code}: ${out}`)),
        );
      });
      expect(done).toBeGreaterThanOrEqual(1000);
      expect(done).toBeLessThan(COUNT);
      // The next start: the same list, resumed.
      const agent = agentReady({
        site: { origin: 'https://example.com', name: 'Example' },
        database: { client: 'sqlite', filename: database },
        rebuild: { automatic: false },
      });
      try {
        const docs = Array.from({ length: COUNT }, (_, i) => ({
          id: `doc-${i}`,
          url: `/d/${i}/`,
          title: `Document ${i}`,
          body: { format: 'markdown' as const, value: `Text of document ${i}.` },
        }));
        const outcome = await agent.rebuild(docs, { resume: true });
        expect(outcome.resumedFrom).toBeGreaterThan(0);
        expect(outcome.resumedFrom).toBeLessThanOrEqual(done);
        expect(outcome.seen).toBe(COUNT - outcome.resumedFrom);
        expect(outcome.unpublished).toBe(0);
        // At most the batch written after the last checkpoint is checked again (unchanged).
        expect(outcome.changed).toBeLessThanOrEqual(COUNT - outcome.resumedFrom);
        expect(outcome.changed).toBeGreaterThan(COUNT - outcome.resumedFrom - 1000);
        const again = await agent.rebuild(docs, { resume: true });
        expect(again).toMatchObject({ resumedFrom: 0, seen: COUNT, changed: 0, rowsWritten: 0 });
      } finally {
        await agent.close();
      }
    } finally {
      rmSync(script, { force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
