import { createHash } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import express, { type Express } from 'express';
import request from 'supertest';
import {
  generateLlmindexKeyPair,
  readLlmindexManifest,
  verifyLlmindexManifestSignature,
  validateLlmindexProductFeed,
  type LlmindexManifest,
} from '@agent-ready/core/llmindex';
import { inspectLlmsTxt } from '@agent-ready/core/llmstxt';
import { inspectScpCollection, parseScpSitemap } from '@agent-ready/core/scp';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware } from '../src';
import { dropTables } from './drop-tables';

const ORIGIN = 'https://shop.example';

describeEachDatabase(
  'Express adapter: collections, llms.txt, llmindex, Markdown twins',
  (dialect) => {
    let agent: AgentReadyMiddleware;
    let app: Express;
    let database: DatabaseOption;
    let prefix: string;
    let publicJwks: unknown;

    beforeAll(async () => {
      database = databaseConfig(dialect) as DatabaseOption;
      prefix = uniqueTablePrefix();
      const keys = await generateLlmindexKeyPair({ kid: 'test-key' });
      publicJwks = { keys: [keys.publicJwk] };
      agent = agentReady({
        site: {
          origin: ORIGIN,
          name: 'Example Shop',
          language: 'en',
          summary: 'Tents and advice.',
        },
        database,
        tablePrefix: prefix,
        llmsTxt: {
          sections: {
            order: ['guides', 'products'],
            titles: { guides: 'Guides', products: 'Products' },
          },
        },
        llmindex: {
          topics: ['outdoor gear'],
          license: 'CC-BY-4.0',
          verify: { method: 'http_file', value: 'llmindex-verify=abc123' },
          signingKey: keys.privateJwk,
        },
        scp: { deltaPeriod: 'daily', deltaRetention: 3 },
        rebuild: { debounceMs: 10, healIntervalMs: 0 },
      });
      app = express();
      app.use(agent);
      await agent.publish({
        id: 'guide-1',
        url: '/guides/pitching/',
        title: 'Pitching a tent',
        section: 'guides',
        description: 'Step by step.',
        body: {
          format: 'markdown',
          value:
            '## Steps\n\n1. Lay out\n2. Stake\n\n```sh\necho tent\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![A tent](/img/tent.png)',
        },
        modified: '2025-10-01T08:00:00Z',
      });
      await agent.publish({
        id: 'tent',
        url: '/products/tent/',
        title: 'Trail Tent',
        section: 'products',
        description: 'A two-person tent.',
        body: { format: 'text', value: 'Light and strong.' },
        llmindex: {
          role: 'product',
          product: {
            price: 199.5,
            currency: 'EUR',
            availability: 'in_stock',
            brand: 'Acme',
            category: 'Tents',
          },
        },
        modified: '2025-10-02T08:00:00Z',
      });
      await agent.publish({
        id: 'faq-1',
        url: '/faq/returns/',
        title: 'Can I return a tent?',
        section: 'faq',
        body: { format: 'markdown', value: 'Yes, within **30 days**.' },
        llmindex: { role: 'faq', topic: 'Orders' },
        modified: '2025-10-02T09:00:00Z',
      });
      await agent.publish({
        id: 'gdpr',
        url: '/de/datenschutz/',
        locale: 'de',
        title: 'Datenschutz',
        section: 'guides',
        body: { format: 'text', value: 'Wir schützen Daten.' },
        modified: '2025-10-02T10:00:00Z',
      });
      await agent.idle();
    });

    afterAll(async () => {
      await agent.close();
      if (dialect !== 'sqlite') await dropTables(database, prefix);
    });

    describe('Markdown twins', () => {
      it('serves each document as Markdown at both v2 twin URLs, with strong validators', async () => {
        const res = await request(app).get('/guides/pitching/index.html.md');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
        expect(res.headers.link).toBe('<https://shop.example/guides/pitching/>; rel="canonical"');
        expect(res.text).toBe(
          [
            // First the llms.txt directive (as the page's notice), then the document.
            '> For AI agents: this site is described in [llms.txt](https://shop.example/llms.txt); every page is also available as Markdown.',
            '',
            '# Pitching a tent',
            '',
            'Step by step.',
            '',
            '## Steps',
            '',
            '1. Lay out',
            '2. Stake',
            '',
            '```sh',
            'echo tent',
            '```',
            '',
            '| a | b |',
            '| --- | --- |',
            '| 1 | 2 |',
            '',
            '![A tent](https://shop.example/img/tent.png)',
            '',
          ].join('\n'),
        );
        expect((await request(app).get('/guides/pitching.md')).text).toBe(res.text);
        expect(
          (
            await request(app)
              .get('/guides/pitching/index.html.md')
              .set('If-None-Match', res.headers.etag!)
          ).status,
        ).toBe(304);
        expect((await request(app).post('/guides/pitching/index.html.md')).status).toBe(405);
        expect((await request(app).get('/nope/index.html.md')).status).toBe(404);
      });
    });

    describe('llms.txt', () => {
      it('lists every document under its section, linking the twins, and parses by the format rules', async () => {
        const res = await request(app).get('/llms.txt');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
        const { document, problems } = inspectLlmsTxt(res.text);
        expect(problems).toEqual([]);
        expect(document!.title).toBe('Example Shop');
        expect(document!.summary).toBe('Tents and advice.');
        // The German pages are in /de/llms.txt, which the root leads to first.
        expect(document!.sections.map((s) => s.name)).toEqual([
          'Other languages',
          'Guides',
          'Products',
          'faq',
        ]);
        expect(document!.sections[0]!.links).toEqual([
          expect.objectContaining({
            title: 'German (de)',
            url: 'https://shop.example/de/llms.txt',
            notes: '1 page',
          }),
        ]);
        expect(document!.sections[1]!.links).toEqual([
          expect.objectContaining({
            title: 'Pitching a tent',
            url: 'https://shop.example/guides/pitching/index.html.md',
            notes: 'Step by step.',
          }),
        ]);
        expect(
          (await request(app).get('/llms.txt').set('If-None-Match', res.headers.etag!)).status,
        ).toBe(304);
      });

      it('writes one file per locale and an llms-full.txt with every twin', async () => {
        const de = await request(app).get('/de/llms.txt');
        expect(de.status).toBe(200);
        expect(de.text).toContain(
          '[Datenschutz](https://shop.example/de/datenschutz/index.html.md)',
        );
        const full = await request(app).get('/llms-full.txt');
        expect(full.text).toContain('Yes, within **30 days**.');
      });
    });

    describe('llmindex', () => {
      let manifest: LlmindexManifest;

      it('serves a valid, signed v0.1 manifest with its JWKS and proof', async () => {
        const res = await request(app).get('/.well-known/llmindex.json');
        expect(res.status).toBe(200);
        const read = readLlmindexManifest(res.text);
        expect(read.warnings).toEqual([]);
        manifest = JSON.parse(res.text);
        expect(manifest).toMatchObject({
          version: '0.1',
          entity: { name: 'Example Shop', canonical_url: 'https://shop.example/' },
          language: 'en',
          topics: ['outdoor gear'],
          endpoints: { products: 'https://shop.example/llm/products' },
          feeds: { products_jsonl: 'https://shop.example/llm/feed/products.jsonl' },
          license: 'CC-BY-4.0',
        });
        const jwks = JSON.parse((await request(app).get('/.well-known/llmindex-keys.json')).text);
        expect(jwks).toEqual(publicJwks);
        expect(JSON.stringify(jwks)).not.toContain('"d"');
        expect((await verifyLlmindexManifestSignature(manifest, jwks)).valid).toBe(true);
        expect((await request(app).get('/.well-known/llmindex-proof.txt')).text.trim()).toBe(
          'llmindex-verify=abc123',
        );
      });

      it('serves the /llm pages as Markdown with and without .md, and the products feed', async () => {
        for (const path of ['/llm/products', '/llm/products.md']) {
          const res = await request(app).get(path);
          expect(res.status).toBe(200);
          expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
          expect(res.text).toContain('Trail Tent');
          expect(res.text).toContain('https://shop.example/products/tent/');
        }
        expect((await request(app).get('/llm/faq')).text).toMatch(
          /Orders[\s\S]*Can I return a tent\?[\s\S]*30 days/,
        );
        const feed = await request(app).get('/llm/feed/products.jsonl');
        expect(validateLlmindexProductFeed(feed.text).problems).toEqual([]);
        expect(JSON.parse(feed.text.trim())).toMatchObject({
          id: 'tent',
          price: 199.5,
          currency: 'EUR',
          availability: 'in_stock',
        });
      });
    });

    describe('SCP', () => {
      it('lists snapshots and deltas in a sitemap.xml that is also an ordinary sitemap', async () => {
        const res = await request(app).get('/scp/sitemap.xml');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        const sitemap = parseScpSitemap(res.text);
        expect(sitemap.collections.map((c) => c.url).sort()).toEqual([
          'https://shop.example/scp/faq-snapshot.scp',
          'https://shop.example/scp/guides-snapshot.scp',
          'https://shop.example/scp/products-snapshot.scp',
        ]);
        expect(sitemap.deltas.map((d) => d.url)).toContain(
          'https://shop.example/scp/guides-delta-2025-10-02.scp',
        );
        expect(sitemap.urls.map((u) => u.loc)).toContain('https://shop.example/products/tent/');
      });

      it('serves a collection gzip by default, zstd when accepted, identity to clients that refuse both, an ETag per coding, with ranges', async () => {
        // Over a raw socket: HTTP client libraries would decode the gzip/zstd we want to inspect.
        const server = app.listen(0);
        const port = (server.address() as { port: number }).port;
        const get = (headers: Record<string, string>) =>
          new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
            (resolve, reject) => {
              http
                .get(
                  { host: '127.0.0.1', port, path: '/scp/guides-snapshot.scp', headers },
                  (res) => {
                    const chunks: Buffer[] = [];
                    res.on('data', (c: Buffer) => chunks.push(c));
                    res.on('end', () =>
                      resolve({
                        status: res.statusCode!,
                        headers: res.headers,
                        body: Buffer.concat(chunks),
                      }),
                    );
                  },
                )
                .on('error', reject);
            },
          );
        try {
          const gz = await get({ 'Accept-Encoding': 'gzip' });
          expect(gz.status).toBe(200);
          expect(gz.headers).toMatchObject({
            'content-type': 'application/scp',
            'content-encoding': 'gzip',
            // The snapshot's bytes change under this name with every edit: revalidate each time.
            'cache-control': 'public, max-age=0, must-revalidate',
            vary: 'Accept-Encoding',
            'accept-ranges': 'bytes',
            'content-length': String(gz.body.length),
          });
          expect(gz.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
          expect(gz.headers.etag).toMatch(/^"sha256:[0-9a-f]{64}\.gz"$/);
          const inspection = await inspectScpCollection(
            (async function* () {
              yield gz.body;
            })(),
          );
          expect(inspection).toMatchObject({
            valid: true,
            report: { checksum: 'verified', pages: 2 },
          });

          const zst = await get({ 'Accept-Encoding': 'zstd, gzip' });
          expect(zst.headers['content-encoding']).toBe('zstd');
          expect(zst.body.subarray(0, 4)).toEqual(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
          // One checksum names the content; the suffix names the bytes (DECISIONS §2).
          expect(zst.headers.etag).toBe(gz.headers.etag!.replace(/\.gz"$/, '.zst"'));
          expect(zstdDecompress(zst.body)).toContain('"section":"guides"');
          // A resume of the gzip download must never splice zstd bytes in: If-Range fails.
          const spliced = await get({
            'Accept-Encoding': 'zstd',
            Range: 'bytes=0-9',
            'If-Range': gz.headers.etag!,
          });
          expect(spliced.status).toBe(200);
          expect(spliced.body.equals(zst.body)).toBe(true);
          const zstPart = await get({
            'Accept-Encoding': 'zstd',
            Range: 'bytes=4-9',
            'If-Range': zst.headers.etag!,
          });
          expect(zstPart.status).toBe(206);
          expect(zstPart.body.equals(zst.body.subarray(4, 10))).toBe(true);

          // Clients that accept no coding get the uncompressed file (RFC 9110 §12.5.3), whole.
          const plain = zlib.gunzipSync(gz.body);
          for (const acceptEncoding of ['identity', 'gzip;q=0', '']) {
            const identity = await get({ 'Accept-Encoding': acceptEncoding, Range: 'bytes=0-9' });
            expect([acceptEncoding, identity.status]).toEqual([acceptEncoding, 200]);
            expect(identity.headers['content-encoding']).toBeUndefined();
            expect(identity.headers['accept-ranges']).toBeUndefined();
            expect(identity.headers['content-length']).toBe(String(plain.length));
            expect(identity.headers['content-digest']).toBe(
              `sha-256=:${createHash('sha256').update(plain).digest('base64')}:`,
            );
            expect(identity.headers.etag).toBe(gz.headers.etag!.replace(/\.gz"$/, '"'));
            expect(identity.body.equals(plain)).toBe(true);
          }
          const identityEtag = gz.headers.etag!.replace(/\.gz"$/, '"');
          expect(
            (await get({ 'Accept-Encoding': 'identity', 'If-None-Match': identityEtag })).status,
          ).toBe(304);
          // A gzip validator does not match the identity bytes.
          expect(
            (await get({ 'Accept-Encoding': 'identity', 'If-None-Match': gz.headers.etag! }))
              .status,
          ).toBe(200);
          // Nothing acceptable: 406, not bytes the client said it cannot read.
          const refused = await get({ 'Accept-Encoding': 'gzip;q=0, identity;q=0' });
          expect(refused.status).toBe(406);
          expect(refused.headers.vary).toBe('Accept-Encoding');

          const part = await get({
            'Accept-Encoding': 'gzip',
            Range: 'bytes=0-9',
            'If-Range': gz.headers.etag!,
          });
          expect(part.status).toBe(206);
          expect(part.body.equals(gz.body.subarray(0, 10))).toBe(true);
          expect(part.headers['content-range']).toBe(`bytes 0-9/${gz.body.length}`);
          const stale = await get({
            'Accept-Encoding': 'gzip',
            Range: 'bytes=0-9',
            'If-Range': '"sha256:old"',
          });
          expect(stale.status).toBe(200);
          expect(stale.body.equals(gz.body)).toBe(true);
          expect((await get({ 'If-None-Match': gz.headers.etag! })).status).toBe(304);
        } finally {
          server.close();
        }
      });
    });
  },
);

/** zstd frames via the native module core already depends on (Node 20 has no zstd in zlib). */
function zstdDecompress(bytes: Buffer): string {
  const nodeZstd = (zlib as { zstdDecompressSync?: (b: Buffer) => Buffer }).zstdDecompressSync;
  if (typeof nodeZstd === 'function') return nodeZstd(bytes).toString('utf8');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zstd = require('zstd-napi') as { decompress(b: Buffer): Buffer };
  return zstd.decompress(bytes).toString('utf8');
}
