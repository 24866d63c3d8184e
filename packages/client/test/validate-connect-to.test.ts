import { readFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import { bootExpressSite, homeAndPosts, type TestSite } from '@agent-ready/test-sites';
import { HttpClient, validateSite } from '../src';

// A site checked before it is live: every URL it serves is on a public origin that does not
// resolve (.invalid never does, RFC 6761), while it listens on a local socket.
const PUBLIC = 'https://shop.invalid';

let site: TestSite;
const hosts = new Set<string | undefined>();

beforeAll(async () => {
  site = await bootExpressSite({ documents: homeAndPosts(3), publicOrigin: PUBLIC });
  site.variant = (req, _res, next) => {
    hosts.add(req.headers.host);
    next();
  };
});

afterAll(() => site.close());

beforeEach(() => hosts.clear());

const status = (checks: { id: string; status: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.id, c.status]));

describe('validateSite with connectTo', () => {
  it('cannot reach the public origin without it', async () => {
    const report = await validateSite(PUBLIC, { sample: 1 });
    expect(report.ok).toBe(false);
    expect(report.summary.pass).toBe(0);
    expect(report.checks.find((c) => c.id === 'tct.root.reachable')?.evidence.detail).toMatch(
      /ENOTFOUND|EAI_AGAIN/,
    );
    expect(hosts.size).toBe(0);
  });

  it('checks the site through its local server, under the public URLs and Host', async () => {
    const report = await validateSite(PUBLIC, {
      all: true,
      connectTo: [`${PUBLIC}=${site.origin}`],
    });
    const failed = report.checks.filter((c) => c.status === 'fail');
    expect(failed.map((c) => `${c.id}: ${c.evidence.detail}`)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report).toMatchObject({
      origin: PUBLIC,
      connectedTo: site.origin,
      connections: [{ origin: PUBLIC, via: site.origin }],
    });
    const seen = status(report.checks);
    for (const id of [
      'tct.root.index-link',
      'tct.sitemap.status',
      'tct.m-url.status',
      'tct.m-url.304-no-cache',
      'tct.c-url.alternate-link',
      'llmstxt.format',
      'scp.sitemap.structure',
    ])
      expect([id, seen[id]]).toEqual([id, 'pass']);
    // What is reported is the public site; what the server saw is the public Host.
    const urls = report.checks.flatMap((c) => (c.evidence.request ? [c.evidence.request.url] : []));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !url.startsWith(`${PUBLIC}/`))).toEqual([]);
    expect([...hosts]).toEqual(['shop.invalid']);
  });

  it('takes the local address alone for the origin checked', async () => {
    const report = await validateSite(PUBLIC, { sample: 1, connectTo: site.origin });
    expect(report.ok).toBe(true);
    expect(report.connectedTo).toBe(site.origin);
  });
});

describe('HttpClient with connectTo', () => {
  it('names the server it connected to when that one does not answer', async () => {
    const client = new HttpClient({
      retry: false,
      connectTo: { origin: PUBLIC, via: 'http://127.0.0.1:9' },
    });
    try {
      await expect(client.request(`${PUBLIC}/llms.txt`)).rejects.toThrow(
        `GET ${PUBLIC}/llms.txt (connected to http://127.0.0.1:9): ECONNREFUSED`,
      );
    } finally {
      client.close();
    }
  });

  it('keeps the exchange’s URL public and sends an explicit Host as given', async () => {
    const client = new HttpClient({ connectTo: [{ origin: PUBLIC, via: site.origin }] });
    try {
      const res = await client.request(`${PUBLIC}/llms.txt?x=1`);
      expect(res.status).toBe(200);
      expect(res.url).toBe(`${PUBLIC}/llms.txt?x=1`);
      await client.request(`${PUBLIC}/llms.txt`, { headers: { host: 'other.invalid' } });
      expect([...hosts]).toEqual(['shop.invalid', 'other.invalid']);
    } finally {
      client.close();
    }
  });

  it('over https, asks the local server for the public name (SNI), as the certificate must carry it', async () => {
    // A self-signed certificate for shop.invalid (test/support/tls): the client does not trust
    // it, so the request fails, but only after the server saw which name was asked for.
    const tls = join(__dirname, 'support', 'tls');
    const credentials = {
      key: readFileSync(join(tls, 'shop.invalid.key')),
      cert: readFileSync(join(tls, 'shop.invalid.crt')),
    };
    const names: string[] = [];
    const server = https.createServer(
      {
        ...credentials,
        SNICallback: (name, done) => {
          names.push(name);
          done(null, createSecureContext(credentials));
        },
      },
      (_req, res) => res.end('ok'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const via = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
    const client = new HttpClient({ retry: false, connectTo: { origin: PUBLIC, via } });
    try {
      await expect(client.request(`${PUBLIC}/llms.txt`)).rejects.toThrow(
        `GET ${PUBLIC}/llms.txt (connected to ${via}): DEPTH_ZERO_SELF_SIGNED_CERT`,
      );
      expect(names).toEqual(['shop.invalid']);
    } finally {
      client.close();
      server.close();
    }
  });
});
