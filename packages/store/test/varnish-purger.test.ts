import http from 'node:http';
import { describeWithVarnish, startVarnish, type VarnishInstance } from '@agent-ready/test-support';
import { createVarnishPurger, PurgeError } from '../src';

/** What Varnish answered, and whether from its cache (two transaction ids in X-Varnish). */
function get(origin: string, path: string): Promise<{ hit: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ hit: /^\d+ \d+$/.test(String(res.headers['x-varnish'])), body }),
        );
      })
      .on('error', reject);
  });
}

describeWithVarnish('the Varnish purger against real varnishd (shipped VCL)', () => {
  let backend: http.Server;
  let caches: VarnishInstance[] = [];
  let version = 1;

  beforeAll(async () => {
    // Tagged objects with a long shared-cache lifetime, as the origin sends them with a purger.
    backend = http.createServer((req, res) => {
      const tags = req.url === '/a' ? 'site doc-a' : 'site doc-b';
      res.writeHead(200, {
        'content-type': 'text/plain',
        'cache-control': 'public, max-age=0, must-revalidate',
        'surrogate-control': 'max-age=86400',
        'surrogate-key': tags,
      });
      res.end(`${req.url} v${version}`);
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const port = (backend.address() as { port: number }).port;
    caches = [
      await startVarnish({ backend: { port }, purgeToken: 'purge-secret' }),
      await startVarnish({ backend: { port }, purgeToken: 'purge-secret' }),
    ];
  });

  afterAll(async () => {
    for (const cache of caches) await cache.stop();
    backend?.closeAllConnections();
    await new Promise<void>((resolve) => backend?.close(() => resolve()) ?? resolve());
  });

  it('purges the objects of the keys it names on every address, and no others', async () => {
    for (const cache of caches) {
      for (const path of ['/a', '/b']) {
        await get(cache.origin, path);
        expect(await get(cache.origin, path)).toMatchObject({ hit: true, body: `${path} v1` });
      }
    }
    version = 2;
    const purger = createVarnishPurger({
      addresses: caches.map((cache) => cache.origin),
      token: 'purge-secret',
    });
    await purger.purge(['doc-a']);
    for (const cache of caches) {
      expect(await get(cache.origin, '/a')).toEqual({ hit: false, body: '/a v2' });
      expect(await get(cache.origin, '/b')).toEqual({ hit: true, body: '/b v1' });
    }
    // Many keys in one request stay within Varnish's header limit.
    const many = Array.from({ length: 600 }, (_, i) => `doc-${i}-${'x'.repeat(20)}`);
    await purger.purge([...many, 'site']);
    for (const cache of caches)
      expect(await get(cache.origin, '/b')).toEqual({ hit: false, body: '/b v2' });
  });

  it('a wrong token is a permanent failure carrying Varnish’s answer', async () => {
    const error = await createVarnishPurger({ addresses: [caches[0]!.origin], token: 'guess' })
      .purge(['doc-a'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PurgeError);
    expect(error).toMatchObject({ retryable: false, status: 403 });
    expect(String((error as Error).message)).toContain('Forbidden');
  });
});
