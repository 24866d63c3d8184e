import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { dropAgentTables } from './schema/drop-agent-tables';
import {
  availableDialects,
  databaseConfig,
  startSigningAgent,
  proxiedPostgres,
  uniqueTablePrefix,
  type SigningAgent,
} from '@agent-ready/test-support';
import { preparedDocument } from '../test/fixtures/prepared-documents';
import type { DatabaseOption } from './schema/open-database';
import {
  openAgentSite,
  siteStoreOptionsOf,
  type AgentSite,
  type AgentSiteRequest,
} from './open-agent-site';
import { SILENT_LOGGER } from './ground/store-logger';

const HOST = 'example.com';
const get = (target: string, headers: Record<string, string> = {}): AgentSiteRequest => ({
  method: 'GET',
  target,
  headers: {
    host: HOST,
    ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  },
  url: `http://${HOST}${target}`,
});

describe('openAgentSite: the one pipeline both adapters run', () => {
  let signer: SigningAgent;
  let site: AgentSite;
  let database: DatabaseOption;
  const options = validateAgentSiteOptions({
    site: { origin: `http://${HOST}`, name: 'Example' },
    botAuth: { enabled: true, gate: true, allowHttpDirectories: true },
    metrics: { enabled: true },
  });

  beforeAll(async () => {
    signer = await startSigningAgent();
    database = databaseConfig('sqlite') as DatabaseOption;
    site = await openAgentSite({
      site: options,
      database,
      mode: 'standalone',
      rebuild: { automatic: false },
      logger: SILENT_LOGGER,
    });
    const save = (key: string, visibility: 'public' | 'protected') =>
      site.engine!.upsert(
        preparedDocument({ key, path: `/${key}/`, title: key, content: key, visibility }),
      );
    await save('open', 'public');
    await save('members', 'protected');
  });
  afterAll(async () => {
    await site.close();
    await signer.close();
  });

  const counted = () =>
    site.metrics!.recorder.drain().counts.map(({ key, counters }) => ({
      kind: key.kind,
      family: key.family,
      requests: counters.requests,
    }));

  it('answers, counts and leaves the rest to the app', async () => {
    site.metrics!.recorder.drain();
    const outcome = await site.handle(get('/open/llm.json'));
    expect(outcome).toMatchObject({ kind: 'respond', response: { status: 200 } });
    expect(await site.handle(get('/about/'))).toEqual({ kind: 'pass' });
    const protectedOne = await site.handle(get('/members/llm.json'));
    expect(protectedOne.kind).toBe('authorize');
    if (protectedOne.kind !== 'authorize') return;
    const response = await protectedOne.respond();
    expect(response.status).toBe(200);
    protectedOne.count(response);
    // Only what was agent-ready's answer is counted: the M-URL and the protected one.
    expect(counted()).toEqual([{ kind: 'm-url', family: 'other', requests: 2 }]);
  });

  it('refuses a failing signature on what is its own only, and labels a verified one', async () => {
    site.metrics!.recorder.drain();
    const bad = await signer.sign(HOST, '/open/llm.json', false);
    const refused = await site.handle(get('/open/llm.json', bad));
    expect(refused).toMatchObject({ kind: 'respond', response: { status: 401 } });
    // Core's one error mapping: plain text with an explicit length, never stored.
    if (refused.kind === 'respond') {
      const { headers, body } = refused.response;
      expect(body?.toString()).toMatch(/^Signature not verified: .+\n$/);
      expect(headers).toEqual({
        'content-type': 'text/plain; charset=utf-8',
        'content-length': String(body!.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
    }
    const badPage = await signer.sign(HOST, '/about/', false);
    expect(await site.handle(get('/about/', badPage))).toEqual({ kind: 'pass' });
    const good = await signer.sign(HOST, '/open/llm.json');
    expect(await site.handle(get('/open/llm.json', good))).toMatchObject({
      response: { status: 200 },
    });
    // The hot path never answers a signed request: it has to be verified first.
    expect(site.needsVerification(get('/open/llm.json', bad))).toBe(true);
    expect(site.handleCached(get('/open/llm.json', bad))).toBeUndefined();
    expect(await site.agentFamily(get('/open/llm.json', good))).toBe(
      `verified:${new URL(signer.origin).host}`,
    );
    expect(counted()).toEqual([
      { kind: 'm-url', family: `verified:${new URL(signer.origin).host}`, requests: 1 },
    ]);
  });

  it('serves the same table read-only, and takes new options while running', async () => {
    const reader = await openAgentSite({
      site: options,
      database,
      mode: 'read-only',
      logger: SILENT_LOGGER,
    });
    try {
      expect(reader.engine).toBeUndefined();
      expect(await reader.handle(get('/open/llm.json'))).toMatchObject({
        response: { status: 200 },
      });
      expect(await reader.handle(get('/llm-policy.json'))).toEqual({ kind: 'pass' });
      reader.reconfigure(
        validateAgentSiteOptions({
          ...options,
          policy: { effective: '2025-10-01T00:00:00Z' },
        }),
      );
      expect(await reader.handle(get('/llm-policy.json'))).toMatchObject({
        response: { status: 200 },
      });
    } finally {
      await reader.close();
    }
  });
});

describe('openAgentSite read-only: what agents see site-wide is the writer’s', () => {
  it('serves the policy, usage, robots.txt and llms.txt notice its writer stored, not its own', async () => {
    const database = databaseConfig('sqlite') as DatabaseOption;
    const writerOptions = (effective: string) =>
      validateAgentSiteOptions({
        site: { origin: `http://${HOST}`, name: 'Example' },
        policy: { effective },
        usage: { trainAi: false },
        robotsTxt: { rules: 'User-agent: *\nDisallow: /private/\n' },
        llmsTxt: { notice: false },
      });
    const writer = await openAgentSite({
      site: writerOptions('2026-01-01T00:00:00Z'),
      database,
      mode: 'standalone',
      rebuild: { automatic: false },
      logger: SILENT_LOGGER,
    });
    const warnings: string[] = [];
    // Its own options say otherwise: another policy, no usage preference, no robots.txt.
    const reader = await openAgentSite({
      site: validateAgentSiteOptions({
        site: { origin: `http://${HOST}`, name: 'Example' },
        policy: { effective: '2020-01-01T00:00:00Z' },
      }),
      database,
      mode: 'read-only',
      revalidateAfterMs: 0,
      logger: { ...SILENT_LOGGER, warn: (message) => warnings.push(message) },
    });
    const policyOf = async (from: AgentSite) => {
      const outcome = await from.handle(get('/llm-policy.json'));
      if (outcome.kind !== 'respond') throw new Error(`no policy: ${outcome.kind}`);
      return {
        effective: JSON.parse(outcome.response.body!.toString()).effective as string,
        usage: outcome.response.headers['content-usage'],
      };
    };
    try {
      await writer.engine!.upsert(
        preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }),
      );
      // Before the writer's first install there is nothing stored: the reader's own options.
      expect(await policyOf(reader)).toEqual({
        effective: '2020-01-01T00:00:00Z',
        usage: undefined,
      });
      expect(await writer.engine!.rebuildArtifacts()).toBe('rebuilt');
      expect(await policyOf(reader)).toEqual({
        effective: '2026-01-01T00:00:00Z',
        usage: 'train-ai=n',
      });
      expect(warnings).toEqual([expect.stringMatching(/writer stored/)]);
      const robots = await reader.handle(get('/robots.txt'));
      expect(robots).toMatchObject({ kind: 'respond', response: { status: 200 } });
      if (robots.kind === 'respond')
        expect(robots.response.body!.toString()).toContain('Disallow: /private/');
      // No llms.txt line at the top of the twins: the writer turned the notice off.
      const twin = await reader.handle(get('/a/index.html.md'));
      expect(twin).toMatchObject({ kind: 'respond', response: { status: 200 } });
      if (twin.kind === 'respond') expect(twin.response.body!.toString()).toMatch(/^# A\n/);
      const document = await reader.handle(get('/a/llm.json'));
      expect(document).toMatchObject({
        response: { status: 200, headers: { 'content-usage': 'train-ai=n' } },
      });
      // The writer changes its settings: the reader follows with the next install.
      writer.reconfigure(writerOptions('2026-06-01T00:00:00Z'));
      expect(await writer.engine!.rebuildArtifacts()).toBe('rebuilt');
      expect((await policyOf(reader)).effective).toBe('2026-06-01T00:00:00Z');
    } finally {
      await reader.close();
      await writer.close();
    }
  });
});

const onPostgres = availableDialects().includes('postgres') ? it : it.skip;

describe('openAgentSite when the database goes away', () => {
  onPostgres(
    'answers 503 with Retry-After, never a 500, and again 200 once it is back',
    async () => {
      const { proxy, database } = await proxiedPostgres();
      const warnings: string[] = [];
      const prefix = uniqueTablePrefix();
      const site = await openAgentSite({
        site: validateAgentSiteOptions({ site: { origin: `http://${HOST}`, name: 'Example' } }),
        database,
        tablePrefix: prefix,
        mode: 'standalone',
        rebuild: { automatic: false },
        revalidateAfterMs: 0,
        logger: { ...SILENT_LOGGER, warn: (message) => warnings.push(message) },
      });
      try {
        await site.engine!.upsert(
          preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }),
        );
        proxy.cut();
        for (const method of ['GET', 'HEAD']) {
          const outcome = await site.handle({ ...get('/a/llm.json'), method });
          expect(outcome).toMatchObject({
            kind: 'respond',
            response: { status: 503, headers: { 'retry-after': '5', 'cache-control': 'no-store' } },
          });
        }
        expect(warnings.some((m) => /database is unavailable/.test(m))).toBe(true);
        proxy.restore();
        expect(await site.handle(get('/a/llm.json'))).toMatchObject({ response: { status: 200 } });
      } finally {
        proxy.restore();
        await dropAgentTables(site.engine!.knex, prefix);
        await site.close();
        await proxy.close();
      }
    },
  );
});

// Both adapters pass their user's store options through this one function: what is set goes
// on as it is, what is not (undefined, an empty prefix) stays out, and nothing else is taken.
test('the store options an adapter passes on: those set, and only the store’s', () => {
  const notify = { redis: 'redis://127.0.0.1:6379' };
  const adapterOptions = {
    tablePrefix: '',
    rebuild: { debounceMs: 0 },
    revalidateAfterMs: 0,
    edge: undefined,
    notify,
    site: { origin: 'https://example.com' },
    mode: 'read-only',
  };
  expect(siteStoreOptionsOf(adapterOptions)).toEqual({
    rebuild: { debounceMs: 0 },
    revalidateAfterMs: 0,
    notify,
  });
  expect(siteStoreOptionsOf({ tablePrefix: 'shop_' })).toEqual({ tablePrefix: 'shop_' });
});
