import type { Server } from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import {
  availableDialects,
  feedStepViolations,
  FUZZING,
  propertyRuns,
  readChangeFeed,
  readSiteSnapshot,
  requestOverHttp,
  snapshotDifferences,
  snapshotInvariantViolations,
  type DialectName,
  type HttpSiteRequest,
  type SiteSnapshot,
} from '@agent-ready/test-support';
import type { AgentSiteOptions } from '@agent-ready/core/serve';
import type { DatabaseOption } from '@agent-ready/store';
import type { FilePluginConfig } from '../../../server/src/config/plugin-config';
import type { RuntimeSettings } from '../../../server/src/settings/runtime-settings';
import { adminJwt, createAdminUser, superAdminRoleId } from '../admin-users';
import { bootFixture, createFixtureDatabase, type Fixture } from '../fixture-app';
import { seedDocuments, type SeedDocument, type SeedFile, type Seeded } from '../seed-documents';
import { buildReferenceSite, openReadingInstance } from '../reference-site';
import { modelOfSeed } from './content-model';
import { editorCommand, type EditorCatalog, type EditorWorld } from './editor-commands';

/**
 * A differential run of the Strapi plugin: sequences of editor commands on a real Strapi with the
 * plugin, and after every command every channel agents read (M-URLs with their ETags, twins,
 * the sitemap, the change feed, llms.txt and llms-full.txt, SCP snapshots, MCP search and fetch)
 * compared with a site built from scratch from the content Strapi holds at that moment
 * (reference-site); the change feed since the command before must name exactly the pages whose
 * served bytes changed, and no URL the reference does not serve may answer 200. A failing
 * sequence is shrunk by fast-check and printed with its seed and path, to replay.
 */
export interface DifferentialFixture {
  name: string;
  appDir: string;
  /** The plugin's config/plugins config (`scp.snapshotAfterChanges: 1` is added: see below). */
  config: FilePluginConfig;
  seed: { files: readonly SeedFile[]; documents: readonly SeedDocument[] };
  catalog: EditorCatalog;
  /** The settings the admin may save, by variant (index 0: none, back to config/plugins). */
  settings: readonly (RuntimeSettings | undefined)[];
  /** MCP search queries read each step. */
  searchQueries: readonly string[];
}

export interface DifferentialReport {
  fixture: string;
  dialect: DialectName;
  sequences: number;
  steps: number;
  seconds: number;
}

/**
 * Sequences and their length per database, in `npm test` and in `npm run fuzz`; a database a
 * fixture leaves out is not run for it (another fixture covers it: CI's time is shared).
 */
export type DifferentialRuns = Partial<
  Record<DialectName, { sequences: number; maxCommands: number }>
>;

/**
 * The differential test of one fixture on every database this machine runs: one test per
 * database, and a bench-like line per database at the end (sequences, steps, seconds).
 */
export function describeDifferential(
  fixture: DifferentialFixture,
  runs: { test: DifferentialRuns; fuzz: DifferentialRuns },
): void {
  const reports: DifferentialReport[] = [];
  afterAll(() => {
    for (const r of reports)
      process.stdout.write(
        `differential ${r.fixture} [${r.dialect}]: ${r.sequences} sequences, ${r.steps} steps, ${r.seconds} s\n`,
      );
  });
  const planned = FUZZING ? runs.fuzz : runs.test;
  const dialects = availableDialects().filter((dialect) => planned[dialect] !== undefined);
  describe.each(dialects)(`the ${fixture.name} site, incremental vs rebuilt [%s]`, (dialect) => {
    it('serves after every edit what a rebuild from scratch serves; the feed names exactly what changed', async () => {
      reports.push(await runDifferential(fixture, dialect, planned[dialect]!));
    }, 3_600_000);
  });
}

/**
 * A site listening on loopback (requestOverHttp and supertest read it over real sockets). It never
 * closes an idle kept-alive connection (`keepAliveTimeout` 0): its clients do (Node's global
 * agent, which supertest uses, after 5 s idle; requestOverHttp's when closed), and on close the
 * server drops the idle ones. A server closing one just as a client sends on it fails that
 * request with "socket hang up", which supertest does not send again (a CI run on a loaded
 * machine failed so, at Node's default of 5 s on both sides).
 */
async function listen(server: Server): Promise<void> {
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

/**
 * Runs `sequences` random command sequences of up to `maxCommands` each on `fixture`, each on a
 * Strapi of its own (booted on `dialect` from the seed), and returns what it ran.
 */
export async function runDifferential(
  fixture: DifferentialFixture,
  dialect: DialectName,
  { sequences, maxCommands }: { sequences: number; maxCommands: number },
): Promise<DifferentialReport> {
  const started = Date.now();
  let steps = 0;
  // Whole-site files are rebuilt after every change here (snapshots, llms-full.txt), so that
  // after each step they are comparable with the reference's; their schedule (a change count or
  // an interval) has its own tests (store/test/llms-full-txt, scp-codings).
  const config = {
    ...fixture.config,
    scp: { ...(fixture.config as { scp?: object }).scp, snapshotAfterChanges: 1 },
  } as FilePluginConfig;
  const model = modelOfSeed(fixture.seed);
  await fc.assert(
    fc.asyncProperty(
      // Sequences of exactly `maxCommands` (fast-check shrinks a failing one, dropping commands).
      fc.array(editorCommand(model, fixture.catalog), {
        minLength: maxCommands,
        maxLength: maxCommands,
      }),
      async (commands) => {
        const world = await openWorld(fixture, config, dialect, () => steps++);
        try {
          await world.verify('seeded');
          await fc.asyncModelRun(
            () => ({ model: modelOfSeed(fixture.seed), real: world }),
            commands,
          );
        } finally {
          await world.close();
        }
      },
    ),
    // Shrinking boots a Strapi per attempt: `npm test` prints the failing sequence as it is (its
    // seed and path replay it), `npm run fuzz` shrinks it.
    { ...propertyRuns(sequences, { costly: true }), endOnFailure: !FUZZING },
  );
  return {
    fixture: fixture.name,
    dialect,
    sequences,
    steps,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

/** `AGENT_READY_DIFFERENTIAL_TRACE=1`: every step is printed as it is checked. */
const TRACE = process.env.AGENT_READY_DIFFERENTIAL_TRACE === '1';

/** Whether this process printed a differential failure already (see `verify`). */
const firstFailure = { reported: false };

interface OpenWorld extends EditorWorld {
  close(): Promise<void>;
}

async function openWorld(
  fixture: DifferentialFixture,
  config: FilePluginConfig,
  dialect: DialectName,
  onStep: () => void,
): Promise<OpenWorld> {
  const trace = (what: string) => {
    if (TRACE) process.stderr.write(`differential ${fixture.name} [${dialect}]: ${what}\n`);
  };
  trace('creating the database');
  const database = await createFixtureDatabase(dialect, fixture.appDir);
  trace('booting');
  let f: Fixture = await bootFixture({ appDir: fixture.appDir, config, database });
  trace('booted');
  let live: HttpSiteRequest | undefined;
  const state = {
    seeded: undefined as Seeded | undefined,
    apiToken: '',
    jwt: '',
    settings: 0,
    /** Every page path any step served: each is read again at every step. */
    paths: new Set<string>(),
    previous: undefined as SiteSnapshot | undefined,
  };
  const origin = (config.site?.origin ?? '').replace(/\/$/, '');
  const reopen = async () => {
    live?.close();
    await listen(f.http);
    live = requestOverHttp(f.http);
    state.jwt = await adminJwt(f.http, 'differential@example.com');
  };
  try {
    state.seeded = await seedDocuments(f.strapi, fixture.seed);
    trace('seeded');
    await createAdminUser(f.strapi, 'differential@example.com', [await superAdminRoleId(f.strapi)]);
    trace('admin created');
    state.apiToken = await fullAccessToken(f);
    trace('token made');
    await reopen();
    trace('listening');
  } catch (error) {
    await f.stop();
    throw error;
  }

  // On PostgreSQL, a second instance serving the same table (told of commits by NOTIFY) must
  // serve, byte for byte, what the plugin serves once it caught up with the last commit.
  const reader =
    dialect === 'postgres'
      ? await openReadingInstance(postgresOf(database.env), config as AgentSiteOptions)
      : undefined;
  let readerRequest: HttpSiteRequest | undefined;
  if (reader) {
    await listen(reader.http);
    readerRequest = requestOverHttp(reader.http);
  }
  const readerDifferences = async (current: SiteSnapshot): Promise<string[]> => {
    // Waits for the state (its change feed at the writer's last commit), not for a time.
    const deadline = Date.now() + 30_000;
    while ((await readChangeFeed(readerRequest!)).next !== current.feed.next) {
      if (Date.now() > deadline) return ['reader: never caught up with the writer'];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seen = await snapshotOf(readerRequest!);
    return snapshotDifferences(withoutStrapiFraming(current), withoutStrapiFraming(seen), {
      exact: true,
      labels: ['plugin', 'reader'],
    });
  };

  const snapshotOf = (requester: HttpSiteRequest) =>
    readSiteSnapshot(requester, {
      origin,
      pagePaths: [...state.paths],
      searchQueries: fixture.searchQueries,
    });

  const world: OpenWorld = {
    get fixture() {
      return f;
    },
    get seeded() {
      return state.seeded!;
    },
    target: () => ({
      strapi: f.strapi,
      http: f.http,
      apiToken: state.apiToken,
      adminJwt: state.jwt,
    }),
    async saveSettings(variant) {
      const settings = fixture.settings[variant];
      const res = settings
        ? await request(f.http)
            .put('/agent-ready/settings')
            .set('Authorization', `Bearer ${state.jwt}`)
            .send(settings)
        : await request(f.http)
            .delete('/agent-ready/settings')
            .set('Authorization', `Bearer ${state.jwt}`);
      if (res.status !== 200)
        throw new Error(`settings(${variant}) answered ${res.status}: ${res.text}`);
      state.settings = variant;
    },
    async restart() {
      live?.close();
      await f.stop({ keepDatabase: true });
      f = await bootFixture({ appDir: fixture.appDir, config, database });
      state.apiToken = await fullAccessToken(f);
      await reopen();
    },
    async verify(step) {
      onStep();
      if (TRACE) process.stderr.write(`differential ${fixture.name} [${dialect}]: ${step}\n`);
      await f.agentReady.whenIdle();
      // Built while the live site is read: the two do not touch each other.
      const building = buildReferenceSite(f.strapi, config, fixture.settings[state.settings]);
      const current = await snapshotOf(live!).finally(() => building.catch(() => undefined));
      const reference = await building;
      try {
        await listen(reference.http);
        const referenceRequest = requestOverHttp(reference.http);
        try {
          const expected = await snapshotOf(referenceRequest);
          const problems = [
            ...snapshotInvariantViolations(current).map((line) => `live: ${line}`),
            ...snapshotDifferences(withoutStrapiFraming(expected), withoutStrapiFraming(current), {
              labels: ['rebuilt', 'live'],
            }),
          ];
          if (state.previous) {
            const changes = await readChangeFeed(live!, state.previous.feed.next);
            problems.push(...feedStepViolations(state.previous, current, changes));
          }
          if (reader) problems.push(...(await readerDifferences(current)));
          if (problems.length > 0) {
            const error = new Error(`after ${step}:\n  ${problems.slice(0, 40).join('\n  ')}`);
            // Shrinking boots a Strapi per attempt: the first failure is printed as it happens.
            if (!firstFailure.reported) {
              firstFailure.reported = true;
              process.stderr.write(`differential ${fixture.name} [${dialect}]: ${error.message}\n`);
            }
            throw error;
          }
          // Every page any step served is read again at each step after (a stale URL must
          // answer 404 or 410, never 200).
          for (const path of [
            ...Object.keys(current.sitemap.items),
            ...Object.keys(expected.sitemap.items),
          ])
            state.paths.add(path);
          state.previous = current;
        } finally {
          referenceRequest.close();
          await new Promise((resolve) => reference.http.close(resolve));
        }
      } finally {
        await reference.close();
      }
    },
    async close() {
      live?.close();
      readerRequest?.close();
      await reader?.close();
      await f.stop();
    },
  };
  return world;
}

/** The PostgreSQL database a fixture boots on, as the store takes it. */
function postgresOf(env: Record<string, string>): DatabaseOption {
  return {
    client: 'postgres',
    connection: {
      host: env.DATABASE_HOST,
      port: Number(env.DATABASE_PORT),
      database: env.DATABASE_NAME,
      user: env.DATABASE_USERNAME,
      password: env.DATABASE_PASSWORD,
    },
    pool: { min: 0, max: 2 },
  };
}

/**
 * A snapshot of what agent-ready serves, without what Strapi adds as the app: the `Vary` its
 * CORS middleware puts on every answer, the answers at the pages' own URLs (the front end
 * serves those; at `/`, Strapi's redirect to its admin panel), and the bodies of 404s (agent-ready
 * passes what it does not serve to the app, and Strapi's 404 is a JSON error where Express's is
 * text: the status is what both say). The reference and the reading instance are served without
 * Strapi.
 */
function withoutStrapiFraming(snapshot: SiteSnapshot): SiteSnapshot {
  const copy = structuredClone(snapshot);
  const none = () => ({ status: 404, headers: {}, text: '' });
  for (const page of Object.values(copy.pages)) {
    page.negotiated = none();
    page.page = none();
    if (page.mUrl.status === 404) page.mUrl = none();
    if (page.twin.status === 404) page.twin = none();
    for (const file of [page.mUrl, page.twin]) delete file.headers.vary;
  }
  for (const [asked, file] of Object.entries(copy.answers)) {
    delete file.headers.vary;
    if (/ \(Accept: text\/(markdown|html)\)$/.test(asked)) delete copy.answers[asked];
    else if (file.status === 404) copy.answers[asked] = none();
  }
  return copy;
}

/** A full-access API token for the REST API (created in the admin, as an integrator does). */
async function fullAccessToken(f: Fixture): Promise<string> {
  const tokens = f.strapi.service('admin::api-token') as unknown as {
    getByName(name: string): Promise<{ id: number } | null>;
    revoke(id: number): Promise<unknown>;
    create(attributes: Record<string, unknown>): Promise<{ accessKey: string }>;
  };
  const existing = await tokens.getByName('differential');
  if (existing) await tokens.revoke(existing.id);
  const token = await tokens.create({
    name: 'differential',
    description: 'differential tests',
    type: 'full-access',
    lifespan: null,
  });
  return token.accessKey;
}
