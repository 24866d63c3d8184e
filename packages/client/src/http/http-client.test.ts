import http, { type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { HttpBudgetError, HttpTransportError } from '../errors/client-errors';
import { HttpClient } from './http-client';

let server: Server;
let origin: string;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers['accept-encoding'] ?? '-'}`);
    switch (req.url) {
      case '/hop':
        res.writeHead(302, { location: '/target' }).end();
        return;
      case '/away':
        res.writeHead(301, { location: 'http://elsewhere.invalid/x' }).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000));
        return;
      case '/bomb':
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(4 * 2 ** 20)));
        return;
      case '/slow':
        // Never answers: the client's timeout is the only way out (closed in afterAll).
        return;
      default:
        res.writeHead(200, {
          'content-type': 'text/plain',
          link: '</a>; rel="x"',
          'x-twice': ['1', '2'],
        });
        res.end('target');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('HttpClient', () => {
  it('follows redirects within the origin and records them; sends no Accept-Encoding of its own', async () => {
    const client = new HttpClient();
    try {
      const res = await client.request(`${origin}/hop`);
      expect(res).toMatchObject({
        status: 200,
        url: `${origin}/target`,
        redirects: [{ status: 302, location: `${origin}/target` }],
      });
      expect(res.body.toString()).toBe('target');
      expect(res.headers['x-twice']).toBe('1, 2');
      expect(client.stats.requests).toBe(2);
      expect(seen.at(-1)).toBe('GET /target -');
    } finally {
      client.close();
    }
  });

  it('does not follow a redirect to another origin, and stops redirect loops', async () => {
    const client = new HttpClient({ maxRedirects: 3 });
    try {
      const away = await client.request(`${origin}/away`);
      expect(away).toMatchObject({ status: 301, blockedRedirect: 'http://elsewhere.invalid/x' });
      await expect(client.request(`${origin}/loop`)).rejects.toMatchObject({
        code: 'client.http.redirects',
      });
    } finally {
      client.close();
    }
  });

  it('counts wire bytes, header block included', async () => {
    const client = new HttpClient();
    try {
      const res = await client.request(`${origin}/big`);
      expect(res.wireBodyBytes).toBe(5000);
      expect(client.stats.bytesReceived).toBe(5000 + res.headerBytes);
      expect(res.headerBytes).toBeGreaterThan(50);
    } finally {
      client.close();
    }
  });

  it('aborts a body past its cap, and a decoded body past its cap (gzip bomb)', async () => {
    const client = new HttpClient({ maxBodyBytes: 1000 });
    try {
      await expect(client.request(`${origin}/big`)).rejects.toMatchObject({
        code: 'client.http.too-large',
      });
      const res = await client.request(`${origin}/bomb`, { maxBodyBytes: 64 * 1024 });
      expect(res.body.length).toBeLessThan(64 * 1024);
      await expect(
        client.request(`${origin}/bomb`, { maxBodyBytes: 64 * 1024, decode: true }),
      ).rejects.toThrow(HttpTransportError);
    } finally {
      client.close();
    }
  });

  it('refuses requests past the request and byte budgets, and times out with a typed error', async () => {
    const client = new HttpClient({ maxRequests: 1, timeoutMs: 50 });
    try {
      await expect(client.request(`${origin}/slow`)).rejects.toMatchObject({
        code: 'client.http.timeout',
      });
      await expect(client.request(`${origin}/`)).rejects.toThrow(HttpBudgetError);
    } finally {
      client.close();
    }
    const bytes = new HttpClient({ maxTotalBytes: 100 });
    try {
      await expect(bytes.request(`${origin}/big`)).rejects.toMatchObject({
        code: 'client.budget.bytes',
      });
    } finally {
      bytes.close();
    }
  });

  it('refuses URLs that are not http(s) with a typed error', async () => {
    const client = new HttpClient();
    try {
      await expect(client.request('file:///etc/passwd')).rejects.toMatchObject({
        code: 'client.http.url',
      });
    } finally {
      client.close();
    }
  });
});
