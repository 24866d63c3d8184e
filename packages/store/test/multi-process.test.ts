import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readScpCollection } from '@agent-ready/core/scp';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import {
  databaseConfig,
  describeEachDatabase,
  FUZZING,
  uniqueTablePrefix,
} from '@agent-ready/test-support';
import {
  RegenerationEngine,
  scpArtifactBuilder,
  type DatabaseOption,
  dropAgentTables,
} from '../src';
import { writeArtifactChunks } from '../src/rebuild/artifact-rows';
import { preparedDocument } from './fixtures/prepared-documents';
import { incompressibleText, SNAPSHOT_PATH, SNAPSHOT_SITE } from './fixtures/snapshot-site';
import { workerCommand } from './fixtures/worker-command';

const WORKER = join(__dirname, 'fixtures', 'concurrency-worker.ts');

/**
 * Write operations per worker in the three-writer race, and the documents they share. In `npm
 * test` 100 each on 24 documents: about as many writes per document as 250 on 60 (12 or so), so
 * every document is written by more than one worker, and the fixed seeds still make some 20
 * claims of the three shared paths (by 15 documents), 17 moves and 100 removals in the race.
 * Ten times as many writes on 60 documents under `npm run fuzz` (AGENT_READY_FUZZ=1), where a
 * long run costs nobody's wait.
 */
const OPERATIONS_PER_WORKER = FUZZING ? 1000 : 100;
const DOCUMENTS = FUZZING ? 60 : 24;

interface Change {
  key: string;
  /** `left-path`: the tombstone of the path a moved document left (its own change). */
  op: 'upsert' | 'unpublished' | 'deleted' | 'left-path';
  path?: string;
  content?: string;
  visibility?: 'public' | 'protected';
  seq: number;
}

/** Runs a worker process; its reports arrive over IPC (its stdout is only logs). */
function runWorker(
  args: object,
  onReport?: (report: unknown, kill: () => void) => void,
): Promise<{ reports: unknown[]; code: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, workerCommand(WORKER, JSON.stringify(args)), {
      cwd: join(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const reports: unknown[] = [];
    let output = '';
    child.on('message', (report) => {
      reports.push(report);
      onReport?.(report, () => child.kill('SIGKILL'));
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`worker exited ${code}: ${output}`));
      else resolve({ reports, code, signal });
    });
  });
}

const sha = (bytes: Buffer) => `sha256-${createHash('sha256').update(bytes).digest('hex')}`;

describeEachDatabase('several processes on one database', (dialect) => {
  let database: DatabaseOption;
  let prefix: string;
  let engine: RegenerationEngine;

  beforeEach(async () => {
    database = databaseConfig(dialect) as DatabaseOption;
    prefix = uniqueTablePrefix();
    // Migrate once up front, as a deployment's first instance would.
    engine = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      sitemap: { origin: 'https://example.com' },
      rebuild: { automatic: false },
    });
  });

  afterEach(async () => {
    if (dialect !== 'sqlite') await dropAgentTables(engine.knex, prefix);
    await engine.close();
  });

  // Three writers' serialized write transactions (300; 3,000 under fuzz: on PostgreSQL about 80 s
  // alone). A generous deadline; nothing in it waits for time.
  it('keep every document exactly as its last committed change left it, with sitemap parity', async () => {
    const workers = [11, 22, 33].map((seed) =>
      runWorker({
        mode: 'edit',
        database,
        prefix,
        seed,
        operations: OPERATIONS_PER_WORKER,
        documents: DOCUMENTS,
      }),
    );
    const changes = (await Promise.all(workers)).flatMap((w) => w.reports as Change[]);

    // Commit order is total: every effective change has its own sequence number.
    const seqs = changes.map((c) => c.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    const contentSeq = Number(
      (await engine.knex(`${prefix}state`).where({ name: 'content_seq' }).first('value')).value,
    );
    expect(contentSeq).toBe(seqs.length);

    const last = new Map<string, Change>();
    for (const change of [...changes].sort((a, b) => a.seq - b.seq))
      if (change.op !== 'left-path') last.set(change.key, change);
    const all: Record<string, unknown>[] = await engine.knex(`${prefix}documents`).select('*');
    const isLeftPath = (row: Record<string, unknown>) =>
      String(row.doc_key).startsWith('agent-ready:left-path:');
    const rows = all.filter((row) => !isLeftPath(row));
    expect(rows.length).toBe(last.size);
    // The paths documents left: tombstones, each holding its path only while no one serves it.
    const served = new Set(
      rows.filter((row) => row.state === 'published').map((row) => String(row.m_path)),
    );
    for (const row of all.filter(isLeftPath)) {
      expect([row.state, row.body]).toEqual(['deleted', null]);
      if (row.m_path_key !== null) expect(served.has(String(row.m_path))).toBe(false);
    }
    for (const row of rows) {
      const intended = last.get(String(row.doc_key))!;
      expect({ key: row.doc_key, state: row.state }).toEqual({
        key: intended.key,
        state: intended.op === 'upsert' ? 'published' : intended.op,
      });
      if (intended.op === 'upsert') {
        const body = Buffer.from(row.body as Uint8Array);
        expect(JSON.parse(body.toString()).content).toBe(intended.content);
        expect(row.m_path).toBe(`${intended.path}llm.json`);
        expect(row.visibility).toBe(intended.visibility);
        expect(JSON.parse(body.toString()).hash).toBe(row.hash);
      } else {
        expect(row.body).toBeNull();
      }
    }

    // After activity stops, one rebuild (or one another process already did) gives parity.
    expect(['rebuilt', 'fresh']).toContain(await engine.rebuildArtifacts());
    const sitemap = JSON.parse((await engine.reader.artifact('/llm-sitemap.json'))!.body.toString())
      .items as {
      cUrl: string;
      mUrl: string;
      etag: string;
    }[];
    const visible = rows.filter((r) => r.state === 'published' && r.visibility === 'public');
    expect(sitemap.map((i) => i.cUrl).sort()).toEqual(visible.map((r) => String(r.c_url)).sort());
    for (const item of sitemap) {
      const row = visible.find((r) => r.c_url === item.cUrl)!;
      const served = await engine.reader.findMUrl(new URL(item.mUrl).pathname);
      expect(served!.state).toBe('published');
      const { hash, ...withoutHash } = JSON.parse(served!.body!.toString());
      expect(item.etag).toBe(row.hash);
      expect(hash).toBe(row.hash);
      expect(
        sha(
          Buffer.from(
            JSON.stringify(
              Object.fromEntries(Object.entries(withoutHash).sort(([a], [b]) => (a < b ? -1 : 1))),
            ),
          ),
        ),
      ).toBe(hash);
    }
  }, 300_000);

  it('recover when a process is killed mid-rebuild', async () => {
    const { signal } = await runWorker(
      {
        mode: 'crash-during-rebuild',
        database,
        prefix,
        seed: 1,
        operations: 0,
        documents: 0,
        leaseMs: 1500,
      },
      (report, kill) => {
        if (report === 'BUILDING') kill();
      },
    );
    expect(signal).toBe('SIGKILL');
    // The dead process's lease is still recorded.
    const dead = await engine
      .knex(`${prefix}state`)
      .where({ name: 'rebuild_lease' })
      .first('holder');
    expect(dead.holder).not.toBeNull();
    // Chunks a killed build left behind (written under its generation, never installed) must
    // not survive recovery.
    const killedGeneration = await engine
      .knex(`${prefix}state`)
      .where({ name: 'artifacts_generation' })
      .first('value');
    expect(Number(killedGeneration.value)).toBeGreaterThan(0);
    await writeArtifactChunks(
      engine.knex,
      engine.tables,
      {
        name: '/orphan',
        descriptor: { family: 'llmindex', kind: 'feed' },
        etag: '"x"',
        contentDigest: 'x',
        lastModified: new Date(),
        body: Buffer.from('orphan'),
      },
      Number(killedGeneration.value),
    );
    // A live holder elsewhere (another machine) is waited for until its lease runs out.
    // (Leases far from expiry: what is proved here must not depend on how fast the test runs.)
    const lease = (holder: string) =>
      engine
        .knex(`${prefix}state`)
        .where({ name: 'rebuild_lease' })
        .update({ holder, expires_ms: Date.now() + 600_000 });
    await lease('another-machine:4242:0a1b2c3d');
    expect(await engine.rebuildArtifacts()).toBe('busy');
    // The dead process ran on this machine: its lease is taken over at once, long before expiry.
    await lease(dead.holder);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const sitemap = JSON.parse(
      (await engine.reader.artifact('/llm-sitemap.json'))!.body.toString(),
    );
    expect(sitemap.items.map((i: { cUrl: string }) => i.cUrl)).toEqual([
      'https://example.com/crash/',
    ]);
    const orphans = await engine
      .knex(`${prefix}artifact_chunks`)
      .where({ name: '/orphan' })
      .count({ n: '*' });
    expect(Number(orphans[0]!.n)).toBe(0);
  });

  it('serve a whole snapshot while a process is killed writing one, and lose no change', async () => {
    const site = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      builders: [scpArtifactBuilder(validateAgentSiteOptions(SNAPSHOT_SITE))],
      rebuild: { automatic: false },
    });
    try {
      const contentOf = (i: number, version: number) => incompressibleText(`${i}:${version}`);
      const save = (i: number, version: number) =>
        site.upsert(
          preparedDocument({
            key: `doc-${i}`,
            path: `/d${i}/`,
            title: `D${i}`,
            content: contentOf(i, version),
          }),
        );
      /** The snapshot agents are served, read whole: it must parse, complete and verified. */
      const served = async () => {
        const artifact = await site.reader.artifact(SNAPSHOT_PATH);
        const read = await readScpCollection([artifact!.body]);
        expect(read.report).toMatchObject({ complete: true, checksum: 'verified' });
        return new Map(
          read.pages.map((page) => [page.url, (page.content[0] as { text: string }).text]),
        );
      };
      const expected = (versions: Map<number, number>) =>
        new Map([...versions].map(([i, v]) => [`https://example.com/d${i}/`, contentOf(i, v)]));

      const first = new Map(Array.from({ length: 14 }, (_, i) => [i, 1]));
      for (const [i, version] of first) await save(i, version);
      expect(await site.rebuildArtifacts()).toBe('rebuilt');
      // Two 1 MiB chunks per coding at least: the kill can land between two of them.
      expect((await site.reader.artifactMeta(SNAPSHOT_PATH))!.size).toBeGreaterThan(2 ** 20);
      expect(await served()).toEqual(expected(first));

      // Edits the killed process's build reads: its snapshot differs from the installed one.
      const second = new Map(first);
      for (let i = 0; i < 14; i += 3) {
        second.set(i, 2);
        await save(i, 2);
      }
      const { signal } = await runWorker(
        { mode: 'crash-during-snapshot', database, prefix, seed: 0, operations: 0, documents: 0 },
        (report, kill) => {
          if (report === 'WRITING') kill();
        },
      );
      expect(signal).toBe('SIGKILL');
      // A snapshot being written is in the table: its first chunk (the second may have landed
      // before the kill did), under a generation never installed.
      const installed = Number(
        (await site.knex(`${prefix}artifacts`).where({ name: SNAPSHOT_PATH }).first('generation'))!
          .generation,
      );
      const halfWritten = await site
        .knex(`${prefix}artifact_chunks`)
        .where({ name: SNAPSHOT_PATH })
        .andWhere('generation', '>', installed)
        .select('chunk_no');
      expect(halfWritten.map((row) => Number(row.chunk_no))).toContain(0);
      // Agents still get the whole snapshot installed before.
      expect(await served()).toEqual(expected(first));

      // The dead process's lease is taken over at once; one more edit makes sure a pass runs
      // (and sweeps the chunks the dead process left), and every change is in the snapshot.
      second.set(1, 3);
      await save(1, 3);
      expect(await site.rebuildArtifacts()).toBe('rebuilt');
      expect(await served()).toEqual(expected(second));
      const live = new Set(
        (await site.knex(`${prefix}artifacts`).select('name', 'generation')).map(
          (row) => `${row.name} ${Number(row.generation)}`,
        ),
      );
      const stored = await site.knex(`${prefix}artifact_chunks`).distinct('name', 'generation');
      expect(stored.map((row) => `${row.name} ${Number(row.generation)}`).sort()).toEqual(
        [...live].filter((key) => key.startsWith('/scp/')).sort(),
      );
    } finally {
      await site.close();
    }
  });
});
