import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { validatorsOfBytes } from '@agent-ready/core/http';
import { writeNodeResponse } from '@agent-ready/core/node-http';
import {
  answerAsStored,
  keptUntilPurged,
  oneFormPolicy,
  pathCacheTag,
  REVALIDATE,
  validateAgentSiteOptions,
  type EndpointFamily,
  type StoredArtifactFamily,
} from '@agent-ready/core/serve';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import {
  dropAgentTables,
  openAgentSite,
  storedFamily,
  type AgentSite,
  type ArtifactBuilder,
} from '../src';
import { SILENT_LOGGER } from '../src/ground/store-logger';
import { preparedDocument } from './fixtures/prepared-documents';

// A stored family declared the way the ARCHITECTURE checklist says, outside agent-ready's own
// registries: its descriptor and endpoint (core's parts), its builder (the store's), registered
// together with `storedFamily` and handed to `openAgentSite`. Served over real HTTP.

/** The toy's descriptor: one file listing every public document. */
interface NotesDescriptor {
  family: 'notes';
  kind: 'index';
}

const notesArtifacts: StoredArtifactFamily<NotesDescriptor> = {
  name: 'notes',
  read: (fields) => ({ family: 'notes', kind: fields.kind(['index']) }),
  upgradeLegacy: (_name, meta) => meta,
  contentType: () => 'text/plain; charset=utf-8',
};

const NOTES_PATH = '/notes.txt';

const notesHeaders = oneFormPolicy(
  { cacheControl: REVALIDATE, vary: 'Accept-Encoding' },
  { applies: 'site' },
  keptUntilPurged('notes', 'kept until purged; tag: the file (by path)', ({ path }) => [
    pathCacheTag(path),
  ]),
);

const notesFamily: EndpointFamily & { artifacts: StoredArtifactFamily<NotesDescriptor> } = {
  name: 'notes',
  title: 'Notes',
  serving: 'stored',
  paths: ['`/notes.txt`'],
  contentType: '`text/plain; charset=utf-8`',
  claims: (path) => path === NOTES_PATH,
  route: { by: 'artifact' },
  // The metrics know a fixed set of kinds: a listing is counted with llms.txt's.
  metricsKind: 'llms-txt',
  enabledBy: { always: true },
  robotsListing: 'when-built',
  headers: notesHeaders,
  artifacts: notesArtifacts,
  create: (context) => ({
    answer: answerAsStored(context, notesArtifacts, notesHeaders, notesHeaders.forms.response!),
    robotsPaths: [{ pattern: NOTES_PATH, example: NOTES_PATH }],
  }),
};

/** Builds the file from the rows: one line per public document, title and M-URL. */
function notesBuilder(): ArtifactBuilder<NotesDescriptor> {
  return {
    family: 'notes',
    settingsKey: 'notes-1',
    async build(context) {
      const lines: string[] = [];
      for await (const row of context.rows(['title', 'm_url'] as const))
        lines.push(`${String(row.title)} ${String(row.m_url)}`);
      const body = Buffer.from(`${lines.sort().join('\n')}\n`, 'utf8');
      return [
        {
          name: NOTES_PATH,
          descriptor: { family: 'notes', kind: 'index' },
          ...validatorsOfBytes(body),
          lastModified: new Date(await context.lastChangeMs()),
          body,
        },
      ];
    },
  };
}

describeEachDatabase('a stored family added through storedFamily', (dialect) => {
  let site: AgentSite;
  let server: http.Server;
  let base: string;
  const database = databaseConfig(dialect);
  const prefix = uniqueTablePrefix();
  const open = (
    mode: 'standalone' | 'read-only',
    storedFamilies: Parameters<typeof openAgentSite>[0]['storedFamilies'],
  ) =>
    openAgentSite({
      site: validateAgentSiteOptions({ site: { origin: 'https://example.com', name: 'Example' } }),
      database,
      tablePrefix: prefix,
      mode,
      rebuild: { automatic: false, healIntervalMs: 0 },
      logger: SILENT_LOGGER,
      ...(storedFamilies ? { storedFamilies } : {}),
    });
  const notes = [storedFamily(notesFamily, notesBuilder)];
  const get = async (at: AgentSite, target: string) => {
    const outcome = await at.handle({
      method: 'GET',
      target,
      headers: { host: 'example.com' },
      url: `https://example.com${target}`,
    });
    return outcome.kind === 'respond' ? outcome.response : outcome.kind;
  };

  beforeAll(async () => {
    site = await open('standalone', notes);
    server = http.createServer((req, res) => {
      const target = req.url ?? '/';
      void (async () => {
        const outcome = await site.handle({
          method: req.method ?? 'GET',
          target,
          headers: req.headers,
          url: `https://example.com${target}`,
        });
        if (outcome.kind === 'respond') await writeNodeResponse(res, outcome.response);
        else res.writeHead(404).end();
      })().catch((error: Error) => res.writeHead(500).end(error.message));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    if (dialect !== 'sqlite') await dropAgentTables(site.engine!.knex, prefix);
    await site.close();
  });

  const save = (key: string, title: string) =>
    site.engine!.upsert(preparedDocument({ key, path: `/${key}/`, title, content: title }));

  it('builds its artifact from the rows and serves it with its ETag, a 304, and again after a change', async () => {
    expect((await fetch(`${base}${NOTES_PATH}`)).status).toBe(404);
    await save('a', 'Alpha');
    await save('b', 'Beta');
    expect(await site.engine!.rebuildArtifacts()).toBe('rebuilt');

    const first = await fetch(`${base}${NOTES_PATH}`);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(firstBody).toBe(
      'Alpha https://example.com/a/llm.json\nBeta https://example.com/b/llm.json\n',
    );
    expect(first.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe(REVALIDATE);
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(validatorsOfBytes(Buffer.from(firstBody)).etag);

    const unchanged = await fetch(`${base}${NOTES_PATH}`, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);

    await save('c', 'Gamma');
    expect(await site.engine!.rebuildArtifacts()).toBe('rebuilt');
    const changed = await fetch(`${base}${NOTES_PATH}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(`${firstBody}Gamma https://example.com/c/llm.json\n`);
    expect(changed.headers.get('etag')).not.toBe(etag);

    // The rest of the site is served as before.
    expect((await fetch(`${base}/a/llm.json`)).status).toBe(200);
    expect((await fetch(`${base}/llms.txt`)).status).toBe(200);
  });

  // On SQLite only: what these two prove is what the registration decides, not SQL. The rows
  // read and deleted are artifact rows like any, read by the first test on every database, and
  // deleted by name as any file no longer built is (a sitemap shard, an SCP section that goes:
  // the engine's and the path-change suites, on every database).
  if (dialect !== 'sqlite') return;

  it('is served by a read-only process given it too; one not given it leaves the path to the app', async () => {
    const etag = (await fetch(`${base}${NOTES_PATH}`)).headers.get('etag');
    const reader = await open('read-only', notes);
    const unaware = await open('read-only', undefined);
    try {
      expect(await get(reader, NOTES_PATH)).toMatchObject({ status: 200, headers: { etag } });
      expect(await get(unaware, NOTES_PATH)).toBe('pass');
      expect(await get(unaware, '/llms.txt')).toMatchObject({ status: 200 });
    } finally {
      await reader.close();
      await unaware.close();
    }
  });

  it('taken out of a site, its files go at the next rebuild', async () => {
    const without = await open('standalone', undefined);
    try {
      await save('d', 'Delta');
      expect(await without.engine!.rebuildArtifacts()).toBe('rebuilt');
      expect(await get(without, NOTES_PATH)).toBe('pass');
      expect(await without.reader.listArtifacts()).not.toContainEqual(
        expect.objectContaining({ name: NOTES_PATH }),
      );
      expect(await get(without, '/llms.txt')).toMatchObject({ status: 200 });
      const { knex, tables } = without.engine!;
      expect(await knex(tables.artifacts).where({ family: 'notes' }).select('name')).toEqual([]);
    } finally {
      await without.close();
    }
  });
});

describe('storedFamily refusals', () => {
  it('refuses a family whose name is taken before anything opens', async () => {
    await expect(
      openAgentSite({
        site: validateAgentSiteOptions({ site: { origin: 'https://example.com', name: 'Ex' } }),
        database: databaseConfig('sqlite'),
        mode: 'standalone',
        logger: SILENT_LOGGER,
        storedFamilies: [storedFamily({ ...notesFamily, name: 'scp' }, notesBuilder)],
      }),
    ).rejects.toThrow('stored family scp: the name is taken');
  });
});
