import http, { type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { openDatabase } from '../schema/open-database';
import { runMigrations } from '../migrate/run-migrations';
import { tableNames } from '../schema/table-names';
import { createCloudflarePurger } from './cloudflare-purger';
import { createFastlyPurger } from './fastly-purger';
import { createPurgeDelivery } from './purge-delivery';
import { enqueuePurgeKeys, readPurgeStatus } from './purge-outbox';
import { PurgeError, type Purger } from './purger';
import { createPurger, purgerOptionsSchema } from './purger-options';
import { createVarnishPurger } from './varnish-purger';
import { createWebhookPurger, signPurgeWebhook, verifyPurgeWebhook } from './webhook-purger';

/**
 * Each purger against a local HTTP server that checks the request shapes its cache documents
 * (endpoint, method, auth header, body, batch size; the sources are cited in each purger's
 * module) and answers as the cache would, failures included.
 */

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

let server: http.Server;
let base: string;
let received: Received[] = [];
let replies: Reply[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = replies.shift() ?? { status: 200, body: '{"status":"ok"}' };
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  replies = [];
});

const SECRET = 'a-shared-secret-of-some-length';
const keysNumbered = (n: number) => Array.from({ length: n }, (_, i) => `doc-${i + 1}`);

interface Contract {
  name: string;
  create(): Purger;
  batchSize: number;
  /** Checks one request's shape; returns the keys it carried. */
  check(request: Received, soft: boolean): string[];
}

const contracts: Contract[] = [
  {
    name: 'fastly',
    create: () =>
      createFastlyPurger({
        serviceId: 'SU1Z0isxPaozGVKXdv0eY',
        apiToken: 'fastly-token',
        apiBase: base,
      }),
    batchSize: 256,
    check(request, soft) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/service/SU1Z0isxPaozGVKXdv0eY/purge');
      expect(request.headers['fastly-key']).toBe('fastly-token');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['fastly-soft-purge']).toBe(soft ? '1' : undefined);
      const body = JSON.parse(request.body) as { surrogate_keys: string[] };
      expect(Object.keys(body)).toEqual(['surrogate_keys']);
      return body.surrogate_keys;
    },
  },
  {
    name: 'cloudflare',
    create: () =>
      createCloudflarePurger({
        zoneId: '023e105f4ecef8ad9ca31a8372d0c353',
        apiToken: 'cf-token',
        apiBase: base,
      }),
    batchSize: 100,
    check(request) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache');
      expect(request.headers.authorization).toBe('Bearer cf-token');
      expect(request.headers['content-type']).toBe('application/json');
      const body = JSON.parse(request.body) as { tags: string[] };
      expect(Object.keys(body)).toEqual(['tags']);
      return body.tags;
    },
  },
  {
    name: 'webhook',
    create: () =>
      createWebhookPurger({ url: `${base}/hooks/purge`, secret: SECRET, maxKeysPerRequest: 250 }),
    batchSize: 250,
    check(request, soft) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/hooks/purge');
      expect(
        verifyPurgeWebhook({
          secret: SECRET,
          body: request.body,
          timestamp: request.headers['x-agent-ready-timestamp'] as string,
          signature: request.headers['x-agent-ready-signature'] as string,
        }),
      ).toBe(true);
      const body = JSON.parse(request.body) as { keys: string[]; soft: boolean };
      expect(body.soft).toBe(soft);
      return body.keys;
    },
  },
  {
    name: 'varnish',
    create: () => createVarnishPurger({ addresses: [base], token: 'varnish-token' }),
    batchSize: 256,
    check(request, soft) {
      expect(request.method).toBe('PURGE');
      expect(request.url).toBe('/');
      expect(request.headers['x-purge-token']).toBe('varnish-token');
      const header = request.headers[soft ? 'xkey-softpurge' : 'xkey-purge'] as string;
      expect(request.headers[soft ? 'xkey-purge' : 'xkey-softpurge']).toBeUndefined();
      return header.split(' ');
    },
  },
];

describe.each(contracts)('the $name purger', (contract) => {
  it('sends the documented request shape, in batches of its documented size', async () => {
    const keys = keysNumbered(contract.batchSize * 2 + 7);
    await contract.create().purge(keys);
    expect(received.map((r) => contract.check(r, false).length)).toEqual([
      contract.batchSize,
      contract.batchSize,
      7,
    ]);
    expect(received.flatMap((r) => contract.check(r, false))).toEqual(keys);
  });

  if (contract.name !== 'cloudflare') {
    it('asks for a soft purge when told to', async () => {
      await contract.create().purge(['doc-1'], { soft: true });
      expect(contract.check(received[0]!, true)).toEqual(['doc-1']);
    });
  }

  it('classifies 429 and 5xx as retryable, honouring Retry-After', async () => {
    replies = [{ status: 429, headers: { 'retry-after': '7' }, body: 'slow down' }];
    const limited = await contract
      .create()
      .purge(['doc-1'])
      .catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(PurgeError);
    expect(limited).toMatchObject({ retryable: true, status: 429, retryAfterMs: 7000 });
    replies = [{ status: 503, body: 'unavailable' }];
    const unavailable = await contract
      .create()
      .purge(['doc-1'])
      .catch((error: unknown) => error);
    expect(unavailable).toMatchObject({ retryable: true, status: 503 });
  });

  it('classifies other 4xx as permanent, with the response text in the error', async () => {
    replies = [{ status: 403, body: '{"msg":"Provided credentials are missing or invalid"}' }];
    const refused = (await contract
      .create()
      .purge(['doc-1'])
      .catch((error: unknown) => error)) as PurgeError;
    expect(refused).toBeInstanceOf(PurgeError);
    expect(refused.retryable).toBe(false);
    expect(refused.status).toBe(403);
    expect(refused.message).toContain('Provided credentials are missing or invalid');
  });

  it('retries on 429 and 5xx through the outbox, not before Retry-After', async () => {
    const { knex, tables } = await sqliteOutbox();
    let now = 1_000_000;
    const delivery = createPurgeDelivery({
      knex,
      tables,
      purger: contract.create(),
      clock: () => now,
      random: () => 0.5,
      baseBackoffMs: 1000,
    });
    try {
      await enqueuePurgeKeys(knex, tables, ['doc-1', 'doc-2'], now);
      replies = [{ status: 429, headers: { 'retry-after': '30' } }];
      expect(await delivery.deliverDue()).toMatchObject({ sent: 0, failed: 2 });
      now += 29_000;
      expect(await delivery.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
      now += 1_000;
      replies = [{ status: 502 }];
      expect(await delivery.deliverDue()).toMatchObject({ sent: 0, failed: 2 });
      // Second failure, no Retry-After: the backoff doubled (2 s, jitter at its middle: 1.5 s).
      now += 1_499;
      expect(await delivery.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
      now += 1;
      expect(await delivery.deliverDue()).toMatchObject({ sent: 2, failed: 0 });
      expect(received.map((r) => contract.check(r, false))).toEqual(
        Array(3).fill(['doc-1', 'doc-2']),
      );
      expect(await readPurgeStatus(knex, tables)).toMatchObject({ sent: 2, failed: 2, waiting: 0 });
    } finally {
      await knex.destroy();
    }
  });
});

it('a network failure is retryable', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const error = await createFastlyPurger({
    serviceId: 's',
    apiToken: 't',
    apiBase: `http://127.0.0.1:${port}`,
  })
    .purge(['doc-1'])
    .catch((caught: unknown) => caught);
  expect(error).toMatchObject({ retryable: true, code: 'store.purge.retryable' });
  expect(String((error as Error).message)).toContain('ECONNREFUSED');
});

it('a Cloudflare 200 that says success: false is a refusal', async () => {
  replies = [
    { status: 200, body: '{"success":false,"errors":[{"code":1134,"message":"zone not found"}]}' },
  ];
  const error = await createCloudflarePurger({ zoneId: 'z', apiToken: 't', apiBase: base })
    .purge(['doc-1'])
    .catch((caught: unknown) => caught);
  expect(error).toMatchObject({ retryable: false });
  expect(String((error as Error).message)).toContain('zone not found');
});

it('the webhook signature fails for another body, secret or an old timestamp', () => {
  const now = 1_700_000_000_000;
  const purger = createWebhookPurger({ url: base, secret: SECRET, now: () => now });
  expect(purger.name).toBe('webhook');
  const timestamp = String(now / 1000);
  const body = '{"keys":["doc-1"],"soft":false}';
  const signature = signPurgeWebhook(SECRET, timestamp, body);
  const check = (changes: Partial<Parameters<typeof verifyPurgeWebhook>[0]>) =>
    verifyPurgeWebhook({ secret: SECRET, body, timestamp, signature, now, ...changes });
  expect(check({})).toBe(true);
  expect(check({ body: body.replace('doc-1', 'doc-2') })).toBe(false);
  expect(check({ secret: `${SECRET}x` })).toBe(false);
  expect(check({ now: now + 301_000 })).toBe(false);
  expect(check({ signature: undefined })).toBe(false);
});

it('options: each purger by type, every problem named', () => {
  const fastly = purgerOptionsSchema.parse({ type: 'fastly', serviceId: 's', apiToken: 't' });
  expect(createPurger(fastly).name).toBe('fastly');
  expect(createPurger(purgerOptionsSchema.parse({ type: 'varnish', addresses: [base] })).name).toBe(
    'varnish',
  );
  expect(
    purgerOptionsSchema.safeParse({ type: 'webhook', url: base, secret: 'short' }).success,
  ).toBe(false);
  expect(purgerOptionsSchema.safeParse({ type: 'akamai' }).success).toBe(false);
  expect(
    purgerOptionsSchema.safeParse({ type: 'fastly', serviceId: 's', apiToken: 't', extra: 1 })
      .success,
  ).toBe(false);
});

async function sqliteOutbox(): Promise<{ knex: Knex; tables: ReturnType<typeof tableNames> }> {
  const { knex } = openDatabase({
    client: 'sqlite',
    filename: join(mkdtempSync(join(tmpdir(), 'purge-outbox-')), 'outbox.sqlite'),
  });
  const tables = tableNames();
  await runMigrations(knex, tables, 'sqlite');
  return { knex, tables };
}
