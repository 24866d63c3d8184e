import http, { type Server } from 'node:http';
import { HttpTransportError } from '../errors/client-errors';
import { HttpClient } from './http-client';

/**
 * A real forward proxy for http targets (absolute-form requests), recording what it relays. It
 * resolves every host to `upstreamPort` on loopback, as a proxy resolves names the client cannot.
 */
function startProxy(
  relayed: string[],
  upstreamPort: () => number,
): Promise<{ server: Server; url: string }> {
  const server = http.createServer((req, res) => {
    relayed.push(`${req.method} ${req.url}`);
    const target = new URL(req.url!);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort(),
        path: target.pathname + target.search,
        method: req.method,
        headers: { ...req.headers, 'x-via-test-proxy': '1' },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

describe('HttpClient through a proxy (HTTP_PROXY, NO_PROXY)', () => {
  const relayed: string[] = [];
  let target: Server;
  let targetPort: number;
  let loopbackOrigin: string;
  // A name only the proxy resolves: the client must go through the proxy to reach it.
  const site = 'http://site.agent-ready.test';
  let proxy: { server: Server; url: string };
  const saved = { ...process.env };

  beforeAll(async () => {
    target = http.createServer((req, res) =>
      res.end(req.headers['x-via-test-proxy'] ? 'via proxy' : 'direct'),
    );
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetPort = (target.address() as { port: number }).port;
    loopbackOrigin = `http://127.0.0.1:${targetPort}`;
    proxy = await startProxy(relayed, () => targetPort);
  });

  afterEach(() => {
    for (const name of ['HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy', 'ALL_PROXY'])
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
  });

  afterAll(async () => {
    target.closeAllConnections();
    proxy.server.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
    await new Promise((resolve) => proxy.server.close(resolve));
  });

  it('sends requests through HTTP_PROXY, except for NO_PROXY hosts, loopback, or proxy: false', async () => {
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    process.env.HTTP_PROXY = proxy.url;
    const client = new HttpClient({ retry: false, timeoutMs: 5000 });
    try {
      const viaProxy = await client.request(`${site}/a`);
      expect(viaProxy.body.toString()).toBe('via proxy');
      expect(relayed).toEqual([`GET ${site}/a`]);
      // Loopback is never proxied: the proxy would reach its own machine, not ours.
      expect((await client.request(`${loopbackOrigin}/b`)).body.toString()).toBe('direct');
      // NO_PROXY names a host to reach directly (here it does not resolve: a network error).
      process.env.NO_PROXY = 'site.agent-ready.test';
      await expect(client.request(`${site}/c`)).rejects.toBeInstanceOf(HttpTransportError);
    } finally {
      client.close();
    }
    delete process.env.NO_PROXY;
    const direct = new HttpClient({ proxy: false, retry: false, timeoutMs: 5000 });
    try {
      await expect(direct.request(`${site}/d`)).rejects.toBeInstanceOf(HttpTransportError);
    } finally {
      direct.close();
    }
    expect(relayed).toEqual([`GET ${site}/a`]);
  });
});
