import { createServer, type Server } from 'node:http';
import express from 'express';
import fc from 'fast-check';
import type { AgentDocument } from '@agent-ready/core';
import type { DatabaseOption } from '@agent-ready/store';
import {
  availableDialects,
  databaseConfig,
  feedStepViolations,
  FUZZING,
  propertyRuns,
  readChangeFeed,
  readSiteSnapshot,
  requestOverHttp,
  snapshotDifferences,
  snapshotInvariantViolations,
  uniqueTablePrefix,
  waitForState,
  type DialectName,
  type HttpSiteRequest,
  type SiteSnapshot,
} from '@agent-ready/test-support';
import { agentReady, type AgentReadyMiddleware } from '../src';
import { dropTables } from './drop-tables';

/**
 * Issue 44: the incremental store serves what a store rebuilt from scratch serves. A fast-check
 * model-based run of random publish / unpublish / remove / rebuild(list) operations on a few
 * documents (moves between URLs, bodies with headings, lists and links, two locales, sections,
 * titles search finds and titles it does not); after every step every channel of the site
 * (test-support's differential snapshot: M-URLs, twins, JSON sitemap, change feed, llms.txt,
 * llms-full.txt, SCP snapshots, MCP search and fetch) is compared with a site built from scratch
 * on a new database from the model's content (see FromScratch), the change feed since the step
 * before must name exactly the pages whose answers changed, and on PostgreSQL a read-only
 * instance over the same table must come to serve exactly what the writer serves.
 *
 * A failure prints the shrunk sequence of operations (each as the call it makes), the seed and
 * the path; replay it with
 * `AGENT_READY_FC_SEED=<seed> AGENT_READY_FC_PATH=<path> AGENT_READY_FC_REPLAY_PATH=<replayPath> npx jest test/differential.test.ts -t '<dialect>'`
 * (replayPath: the `/*replayPath="…"*\/` fast-check prints after the counterexample).
 */

const ORIGIN = 'https://example.com';

/** Documents by identity: two locales, a document id that exists in both. */
const DOCUMENTS = [
  { id: 'a', locale: '' },
  { id: 'b', locale: '' },
  { id: 'c', locale: '' },
  { id: 'a', locale: 'fr' },
  { id: 'd', locale: 'fr' },
] as const;
type DocumentRef = (typeof DOCUMENTS)[number];
const keyOf = (ref: { id: string; locale: string }) =>
  `${ref.id}${ref.locale ? `@${ref.locale}` : ''}`;

/** Where documents of each locale may be: fewer URLs than documents, so they move and collide. */
const URLS: Record<DocumentRef['locale'], readonly string[]> = {
  '': ['/', '/a/', '/b/', '/guides/c/'],
  fr: ['/fr/', '/fr/a/', '/fr/b/'],
};
const PAGE_PATHS = [...URLS[''], ...URLS.fr];

/** Titles with words search finds (harbor, orchard, lantern) and titles without. */
const TITLES = [
  'Harbor lantern',
  'Orchard notes',
  'Q3',
  'Über die Brücke',
  'Notes by lantern light',
];
const SEARCH_QUERIES = ['harbor', 'orchard', 'lantern'];

const BODIES: readonly (AgentDocument['body'] | undefined)[] = [
  undefined,
  {
    format: 'markdown',
    value: 'Boats at the harbor.\n\n## Ropes\n\n- hemp\n- nylon\n\nSee [the orchard](/a/).',
  },
  { format: 'markdown', value: '# Orchard\n\n1. apples\n2. pears\n\n[Back home](../)' },
  {
    format: 'html',
    value:
      '<h2>Lantern</h2><p>Light <a href="/guides/c/">the guide</a>.</p><ul><li>oil</li><li>wick</li></ul>',
  },
  { format: 'text', value: 'Plain words, nothing to find.' },
];
/** The last repeats the first paragraph of body 1 (the twin and M-URL then say it once). */
const DESCRIPTIONS = [undefined, 'A short summary.', 'Boats at the harbor.'];
const SECTIONS = [undefined, 'guides', 'news'];
const SOURCE_MODIFIED = [undefined, '2026-03-01T10:00:00Z'];

/** One version of a document: indexes into the lists above, and its URL. */
interface Version {
  url: string;
  title: number;
  body: number;
  description: number;
  section: number;
  modified: number;
}

function documentOf(ref: DocumentRef, version: Version): AgentDocument {
  const body = BODIES[version.body];
  const description = DESCRIPTIONS[version.description];
  const section = SECTIONS[version.section];
  const modified = SOURCE_MODIFIED[version.modified];
  return {
    id: ref.id,
    ...(ref.locale ? { locale: ref.locale } : {}),
    url: version.url,
    title: TITLES[version.title]!,
    ...(body ? { body } : {}),
    ...(description ? { description } : {}),
    ...(section ? { section } : {}),
    ...(modified ? { modified } : {}),
  };
}

/**
 * Four versions of each document, between which a document moves (to a URL another document
 * may hold), changes only its section, becomes unsearchable (its title and body), takes a
 * description its body repeats, or a source timestamp. `npm test` draws from these: a site
 * built from scratch costs a rebuild pass, and content seen before reuses its snapshot. A fuzz
 * run draws every combination.
 */
const versionOf = (
  url: string,
  title: number,
  body: number,
  section = 0,
  description = 0,
  modified = 0,
): Version => ({ url, title, body, description, section, modified });
const VERSIONS: Record<string, readonly Version[]> = {
  a: [
    versionOf('/', 0, 1),
    versionOf('/', 0, 1, 1),
    versionOf('/a/', 2, 3, 0, 1, 1),
    versionOf('/guides/c/', 1, 1, 1, 2),
  ],
  b: [
    versionOf('/a/', 1, 2),
    versionOf('/b/', 1, 2),
    versionOf('/b/', 3, 4, 2, 1),
    versionOf('/', 4, 0, 0, 0, 1),
  ],
  c: [
    versionOf('/guides/c/', 4, 3, 1),
    versionOf('/b/', 4, 3, 1),
    versionOf('/guides/c/', 0, 1, 1, 2),
    versionOf('/a/', 2, 0, 2),
  ],
  'a@fr': [
    versionOf('/fr/', 3, 4),
    versionOf('/fr/a/', 3, 4),
    versionOf('/fr/a/', 0, 1, 2, 2, 1),
    versionOf('/fr/b/', 1, 2, 1),
  ],
  'd@fr': [
    versionOf('/fr/b/', 1, 3, 2),
    versionOf('/fr/a/', 1, 3, 2),
    versionOf('/fr/', 2, 0),
    versionOf('/fr/b/', 4, 1, 0, 1),
  ],
};
const versionArbitrary = (ref: DocumentRef): fc.Arbitrary<Version> =>
  FUZZING
    ? fc.record({
        url: fc.constantFrom(...URLS[ref.locale]),
        title: fc.nat(TITLES.length - 1),
        body: fc.nat(BODIES.length - 1),
        description: fc.nat(DESCRIPTIONS.length - 1),
        section: fc.nat(SECTIONS.length - 1),
        modified: fc.nat(SOURCE_MODIFIED.length - 1),
      })
    : fc.constantFrom(...VERSIONS[keyOf(ref)]!);
const refArbitrary = fc.constantFrom(...DOCUMENTS);
const refAndVersion = refArbitrary.chain((ref) =>
  versionArbitrary(ref).map((version) => ({ ref, version })),
);

// --- the model: what the source holds ------------------------------------------------------

type DocumentState = 'published' | 'unpublished' | 'deleted';
interface Model {
  documents: Map<string, { ref: DocumentRef; state: DocumentState; version: Version }>;
}

/** The published document another document's URL would collide with, if any. */
function holderOf(model: Model, url: string, except: DocumentRef): string | undefined {
  for (const [key, entry] of model.documents) {
    if (key !== keyOf(except) && entry.state === 'published' && entry.version.url === url)
      return key;
  }
  return undefined;
}

/** The published documents, in one order (what a site built from scratch is built from). */
function publishedDocuments(model: Model): AgentDocument[] {
  return [...model.documents.entries()]
    .filter(([, entry]) => entry.state === 'published')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, entry]) => documentOf(entry.ref, entry.version));
}

// --- the sites -------------------------------------------------------------------------------

interface ServedSite {
  agent: AgentReadyMiddleware;
  request: HttpSiteRequest;
  /** What the site logged as a warning or an error (it must log none). */
  logged: string[];
  close(): Promise<void>;
}

/**
 * Whole-site files built on a schedule (SCP snapshots, llms-full.txt: after N changes or a day)
 * are rebuilt after every change here, so that after `idle()` they show the step's content, as
 * a rebuild from scratch does.
 */
function siteOptions(database: DatabaseOption, tablePrefix: string, logged: string[]) {
  return {
    site: { origin: ORIGIN, name: 'Differential', language: 'en' },
    database,
    tablePrefix,
    // Small shards and parts: two stores with the same pages cut them differently (row ids).
    sitemap: { maxItemsPerShard: 3 },
    llmsTxt: { itemsPerPart: 3, fullAfterChanges: 1 },
    scp: { snapshotAfterChanges: 1 },
    mcp: { enabled: true },
    rebuild: { debounceMs: 0, healIntervalMs: 0 },
    logger: {
      info() {},
      warn: (message: string) => logged.push(`warn: ${message}`),
      error: (message: string) => logged.push(`error: ${message}`),
    },
  };
}

/** An app with the middleware, served on a loopback socket through `agent.handler(app)`. */
async function serve(
  agent: AgentReadyMiddleware,
): Promise<{ server: Server; stop(): Promise<void> }> {
  // The app's own pages (directory-style paths), decorated by the middleware: their Link
  // headers are read too. Anything else the app does not have (404).
  const app = express()
    .use(agent)
    .get(/\/$/, (_req, res) => {
      res.send('<!doctype html><title>A page</title>');
    });
  const server = createServer(agent.handler(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function openSite(
  dialect: DialectName,
  mode: 'standalone' | 'read-only' = 'standalone',
  at?: { database: DatabaseOption; tablePrefix: string },
): Promise<ServedSite & { database: DatabaseOption; tablePrefix: string }> {
  const database = at?.database ?? (databaseConfig(dialect) as DatabaseOption);
  const tablePrefix = at?.tablePrefix ?? uniqueTablePrefix();
  const logged: string[] = [];
  const agent = agentReady({
    ...siteOptions(database, tablePrefix, logged),
    ...(mode === 'read-only' ? { mode, rebuild: undefined } : {}),
  });
  await agent.ready();
  const { server, stop } = await serve(agent);
  const request = requestOverHttp(server);
  return {
    agent,
    request,
    logged,
    database,
    tablePrefix,
    async close() {
      request.close();
      await stop();
      await agent.close();
    },
  };
}

const snapshotOptions = {
  origin: ORIGIN,
  pagePaths: PAGE_PATHS,
  searchQueries: SEARCH_QUERIES,
};

/** A test's failure message: each kind of problem under its heading, a readable number of lines. */
function problemReport(sections: Record<string, string[]>): string | undefined {
  const parts = Object.entries(sections)
    .filter(([, lines]) => lines.length > 0)
    .map(([heading, lines]) => {
      const shown = lines.slice(0, 25).map((line) => `  - ${line}`);
      if (lines.length > shown.length) shown.push(`  … and ${lines.length - shown.length} more`);
      return `${heading}:\n${shown.join('\n')}`;
    });
  return parts.length === 0 ? undefined : parts.join('\n');
}

/**
 * The snapshot of a site built from scratch from these documents, on a new SQLite database
 * whatever the dialect under test: a new SQLite file costs a fraction of a new set of tables on
 * a server (a step of a server's run costs about as much as one on SQLite then), and it holds
 * every database to what SQLite serves, search included (sets of results, and queries of whole
 * words every database's tokenizer takes as they are: no stemming or stop word in play). Kept
 * per content: steps that change nothing, sequences that shrink and the other databases' runs
 * come back to the same content. Built one of two ways in turn, publishing each document or
 * one `rebuild(list)`: both must give the same site.
 */
class FromScratch {
  private readonly built = new Map<string, { snapshot: SiteSnapshot; how: string }>();
  sitesBuilt = 0;

  async snapshotOf(documents: AgentDocument[]): Promise<{ snapshot: SiteSnapshot; how: string }> {
    const key = JSON.stringify(documents);
    const known = this.built.get(key);
    if (known) return known;
    const how = this.sitesBuilt % 2 === 0 ? 'publishing each document' : 'one rebuild(list)';
    this.sitesBuilt++;
    const site = await openSite('sqlite');
    try {
      if (how === 'one rebuild(list)') await site.agent.rebuild(documents);
      else for (const document of documents) await site.agent.publish(document);
      await site.agent.idle();
      const snapshot = await readSiteSnapshot(site.request, snapshotOptions);
      const report = problemReport({
        'the site built from scratch breaks its own invariants':
          snapshotInvariantViolations(snapshot),
        'the site built from scratch logged': site.logged,
      });
      if (report) throw new Error(`${report}\nbuilt ${how} from ${JSON.stringify(documents)}`);
      this.built.set(key, { snapshot, how });
      return { snapshot, how };
    } finally {
      await site.close();
    }
  }
}
const fromScratch = new FromScratch();

// --- the commands ----------------------------------------------------------------------------

interface Real {
  dialect: DialectName;
  site: ServedSite;
  reader?: ServedSite;
  /** The snapshot after the step before (the empty site's at first). */
  previous: SiteSnapshot;
  /** The operations so far, as calls, for the failure message. */
  done: string[];
  counts: { steps: number };
}

type Command = fc.AsyncCommand<Model, Real>;

/** After every step: every channel against a site built from scratch, the feed, the reader. */
async function checkStep(model: Model, real: Real): Promise<void> {
  real.counts.steps++;
  await real.site.agent.idle();
  const after = await readSiteSnapshot(real.site.request, snapshotOptions);
  const changes = await readChangeFeed(real.site.request, real.previous.feed.next);
  const documents = publishedDocuments(model);
  const { snapshot: rebuilt, how } = await fromScratch.snapshotOf(documents);
  let readerBehind: string[] = [];
  if (real.reader) {
    const reader = real.reader;
    let differences: string[] = [];
    // Wait for state: the reader follows the writer's commits (NOTIFY), then serves the same.
    await waitForState('the reader to serve what the writer serves', async () => {
      const served = await readSiteSnapshot(reader.request, snapshotOptions);
      differences = snapshotDifferences(after, served, {
        exact: true,
        labels: ['writer', 'reader'],
      });
      return differences.length === 0 ? true : undefined;
    }).catch((error: Error) => {
      readerBehind = [error.message, ...differences];
    });
  }
  const report = problemReport({
    'the incremental site breaks its own invariants': snapshotInvariantViolations(after),
    [`the incremental site differs from one built from scratch (${how})`]: snapshotDifferences(
      rebuilt,
      after,
      { labels: ['rebuild', 'incremental'] },
    ),
    'the change feed since the step before': feedStepViolations(real.previous, after, changes),
    'the incremental site logged': real.site.logged.splice(0),
    'the read-only instance': readerBehind,
    'the read-only instance logged': real.reader?.logged.splice(0) ?? [],
  });
  real.previous = after;
  if (report) {
    throw new Error(
      `after ${real.done.length} step(s) on ${real.dialect}:\n${real.done.map((call) => `  ${call}`).join('\n')}\n` +
        `published now: ${JSON.stringify(documents)}\n${report}`,
    );
  }
}

/** Publishes a version; refused (and nothing changes) where another published document is. */
async function publishVersion(model: Model, real: Real, ref: DocumentRef, version: Version) {
  const document = documentOf(ref, version);
  real.done.push(`publish(${JSON.stringify(document)})`);
  if (holderOf(model, version.url, ref) !== undefined) {
    await expect(real.site.agent.publish(document)).rejects.toThrow(/same M-URL/);
  } else {
    await real.site.agent.publish(document);
    model.documents.set(keyOf(ref), { ref, state: 'published', version });
  }
  await checkStep(model, real);
}

class Publish implements Command {
  constructor(
    readonly ref: DocumentRef,
    readonly version: Version,
  ) {}
  check = () => true;
  run = (model: Model, real: Real) => publishVersion(model, real, this.ref, this.version);
  toString() {
    return `publish(${JSON.stringify(documentOf(this.ref, this.version))})`;
  }
}

/** A document the source has (in any state) published again as it is, at another URL. */
class Move implements Command {
  constructor(
    readonly ref: DocumentRef,
    readonly url: string,
  ) {}
  check = (model: Readonly<Model>) => {
    const entry = model.documents.get(keyOf(this.ref));
    return entry !== undefined && entry.version.url !== this.url;
  };
  run = (model: Model, real: Real) =>
    publishVersion(model, real, this.ref, {
      ...model.documents.get(keyOf(this.ref))!.version,
      url: this.url,
    });
  toString() {
    return `move(${JSON.stringify(keyOf(this.ref))} to ${JSON.stringify(this.url)})`;
  }
}

class Unpublish implements Command {
  constructor(readonly ref: DocumentRef) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.done.push(this.toString());
    await real.site.agent.unpublish(this.ref.id, this.ref.locale);
    const entry = model.documents.get(keyOf(this.ref));
    if (entry?.state === 'published') entry.state = 'unpublished';
    await checkStep(model, real);
  }
  toString() {
    return `unpublish(${JSON.stringify(this.ref.id)}, ${JSON.stringify(this.ref.locale)})`;
  }
}

class Remove implements Command {
  constructor(readonly ref: DocumentRef) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.done.push(this.toString());
    await real.site.agent.remove(this.ref.id, this.ref.locale);
    const entry = model.documents.get(keyOf(this.ref));
    if (entry) entry.state = 'deleted';
    await checkStep(model, real);
  }
  toString() {
    return `remove(${JSON.stringify(this.ref.id)}, ${JSON.stringify(this.ref.locale)})`;
  }
}

class Rebuild implements Command {
  readonly list: { ref: DocumentRef; version: Version }[];
  constructor(candidates: { ref: DocumentRef; version: Version }[]) {
    // A complete listing of a source: each document once, each URL once.
    const keys = new Set<string>();
    const urls = new Set<string>();
    this.list = candidates.filter(({ ref, version }) => {
      if (keys.has(keyOf(ref)) || urls.has(version.url)) return false;
      keys.add(keyOf(ref));
      urls.add(version.url);
      return true;
    });
  }
  check = () => true;
  async run(model: Model, real: Real) {
    real.done.push(this.toString());
    await real.site.agent.rebuild(this.list.map(({ ref, version }) => documentOf(ref, version)));
    const listed = new Set(this.list.map(({ ref }) => keyOf(ref)));
    for (const [key, entry] of model.documents) {
      if (!listed.has(key) && entry.state === 'published') entry.state = 'unpublished';
    }
    for (const { ref, version } of this.list) {
      model.documents.set(keyOf(ref), { ref, state: 'published', version });
    }
    await checkStep(model, real);
  }
  toString() {
    return `rebuild(${JSON.stringify(this.list.map(({ ref, version }) => documentOf(ref, version)))})`;
  }
}

const moveArbitrary = refArbitrary.chain((ref) =>
  fc.constantFrom(...URLS[ref.locale]).map((url) => new Move(ref, url)),
);
const commandArbitraries = [
  // Publishing weighs most: it creates and edits (also moving); moves alone change only a URL.
  refAndVersion.map(({ ref, version }) => new Publish(ref, version)),
  refAndVersion.map(({ ref, version }) => new Publish(ref, version)),
  refAndVersion.map(({ ref, version }) => new Publish(ref, version)),
  moveArbitrary,
  moveArbitrary,
  refArbitrary.map((ref) => new Unpublish(ref)),
  refArbitrary.map((ref) => new Remove(ref)),
  fc.array(refAndVersion, { maxLength: DOCUMENTS.length }).map((list) => new Rebuild(list)),
];

// --- the runs --------------------------------------------------------------------------------

/**
 * Sequences per database, of up to MAX_COMMANDS operations. A step costs about 0.5 s of CPU
 * on SQLite (two rebuild passes, of which the fresh site's costs most, and two snapshots of some
 * 70 requests each), so `npm test` runs some 30 steps on SQLite, 17 on PostgreSQL (with its
 * read-only instance) and 9 on MariaDB; a fuzz run
 * (`npm run fuzz`) runs 200 sequences on SQLite (and 50 on each server), half as long again,
 * with every combination of fields. Every database draws the same sequences from the same
 * seed (the servers the first few of SQLite's): their sites built from scratch are built once.
 */
const PLAN: Record<DialectName, { runs: number; reader: boolean }> = {
  sqlite: { runs: 6, reader: false },
  postgres: { runs: 3, reader: true },
  mysql: { runs: 2, reader: false },
};
const MAX_COMMANDS = 20;
const report: string[] = [];

describe('the incremental store serves what a store rebuilt from scratch serves (Express)', () => {
  afterAll(() => {
    if (report.length > 0) process.stderr.write(`\n${report.join('\n')}\n`);
  });

  for (const dialect of ['sqlite', 'postgres', 'mysql'] as const) {
    const plan = PLAN[dialect];
    const available = availableDialects().includes(dialect);
    const name = `${dialect}${plan.reader ? ', with a read-only instance on the same table' : ''}`;
    if (!available) {
      it.skip(`${name} (skipped: server unreachable)`, () => undefined);
      continue;
    }
    it(
      name,
      async () => {
        const started = Date.now();
        const cpuBefore = process.cpuUsage();
        const builtBefore = fromScratch.sitesBuilt;
        const counts = { steps: 0 };
        let sequences = 0;
        // A fuzz run's floor for costly properties is 200 sequences; the servers take a
        // quarter of it (their steps cost more, with their own sites built from scratch).
        const runs = propertyRuns(plan.runs, { costly: true }).numRuns;
        const numRuns = FUZZING && dialect !== 'sqlite' ? Math.ceil(runs / 4) : runs;
        const replayPath = process.env.AGENT_READY_FC_REPLAY_PATH || undefined;
        await fc.assert(
          fc.asyncProperty(
            fc.commands(commandArbitraries, {
              maxCommands: FUZZING ? MAX_COMMANDS * 1.5 : MAX_COMMANDS,
              // Lengths up to maxCommands (fast-check's default size keeps them to 10).
              size: 'medium',
              ...(replayPath === undefined ? {} : { replayPath }),
            }),
            async (commands) => {
              sequences++;
              const site = await openSite(dialect);
              const reader = plan.reader ? await openSite(dialect, 'read-only', site) : undefined;
              try {
                await site.agent.idle();
                const empty = await readSiteSnapshot(site.request, snapshotOptions);
                expect(snapshotInvariantViolations(empty)).toEqual([]);
                const real: Real = {
                  dialect,
                  site,
                  ...(reader ? { reader } : {}),
                  previous: empty,
                  done: [],
                  counts,
                };
                await fc.asyncModelRun(() => ({ model: { documents: new Map() }, real }), commands);
              } finally {
                await reader?.close();
                await site.close();
                if (dialect !== 'sqlite') await dropTables(site.database, site.tablePrefix);
              }
            },
          ),
          { numRuns },
        );
        const cpu = process.cpuUsage(cpuBefore);
        report.push(
          `differential (express) ${dialect}: ${sequences} sequences, ${counts.steps} steps, ` +
            `${fromScratch.sitesBuilt - builtBefore} sites built from scratch (SQLite), ` +
            `${((Date.now() - started) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU in this process)`,
        );
      },
      FUZZING ? 6 * 3_600_000 : 15 * 60_000,
    );
  }
});
