import { mkdtempSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { inspectScpCollection, parseScpSitemap } from '@agent-ready/core/scp';
import {
  downloadRaw,
  S3_EMULATOR_BUCKET,
  startS3Emulator,
  type S3Emulator,
} from '@agent-ready/test-support';
import { agentReady, type AgentReadyMiddleware } from '../src';

/**
 * The `scpObjectStorage` option through the Express adapter, against s3rver: an S3 emulator from
 * the npm registry, not AWS (docs/edge.md). Its bucket's path-style URL is the public base URL,
 * so every advertised URL can be downloaded from it.
 */

const ORIGIN = 'https://shop.example';
const PREFIX = 'shop/scp/';

/** What a server answers, undecoded (HTTP client libraries would gunzip it). */
function getRaw(
  server: http.Server,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  const { port } = server.address() as AddressInfo;
  return downloadRaw(`http://127.0.0.1:${port}${path}`, headers);
}

describe('Express adapter: SCP collections in object storage (s3rver, an S3 emulator)', () => {
  let emulator: S3Emulator;
  let agent: AgentReadyMiddleware;
  let server: http.Server;
  const errors: string[] = [];

  beforeAll(async () => {
    emulator = await startS3Emulator(mkdtempSync(join(tmpdir(), 's3rver-')));
    agent = agentReady({
      site: { origin: ORIGIN, name: 'Example Shop' },
      database: {
        client: 'sqlite',
        filename: join(mkdtempSync(join(tmpdir(), 'express-scp-storage-')), 'site.sqlite'),
      },
      scp: { deltaPeriod: 'daily' },
      rebuild: { debounceMs: 10, healIntervalMs: 0 },
      scpObjectStorage: {
        bucket: S3_EMULATOR_BUCKET,
        publicBaseUrl: emulator.bucketUrl,
        prefix: PREFIX,
        endpoint: `http://127.0.0.1:${emulator.port}`,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        retryDelayMs: 0,
      },
      logger: {
        info: () => undefined,
        warn: (message) => errors.push(message),
        error: (message) => errors.push(message),
      },
    });
    const app = express();
    app.use(agent);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    for (const [id, modified] of [
      ['pitching', '2025-10-01T08:00:00Z'],
      ['stakes', '2025-10-01T09:00:00Z'],
    ] as const) {
      await agent.publish({
        id,
        url: `/guides/${id}/`,
        title: `Guide: ${id}`,
        section: 'guides',
        body: { format: 'markdown', value: `## ${id}\n\nHow to.` },
        modified,
      });
    }
    await agent.idle();
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await agent.close();
    await emulator.stop();
  });

  it('advertises the sealed snapshot in the bucket under its checksum name, with the bytes the origin stores', async () => {
    const res = await getRaw(server, '/scp/sitemap.xml');
    expect(res.status).toBe(200);
    const sitemap = parseScpSitemap(res.body.toString());
    const [snapshot] = sitemap.collections;
    const name = new RegExp(
      `^${emulator.bucketUrl}${PREFIX}guides-snapshot-([0-9a-f]{64})\\.scp\\.gz$`,
    ).exec(snapshot!.url);
    expect(name).not.toBeNull();

    const object = await downloadRaw(snapshot!.url);
    expect(object.status).toBe(200);
    expect(object.headers).toMatchObject({
      'content-type': 'application/scp',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    // The name carries the checksum the collection declares (line 1), and the content verifies.
    const header = JSON.parse(zlib.gunzipSync(object.body).toString().split('\n')[0]!) as {
      collection: { checksum?: string };
    };
    expect(header.collection.checksum).toBe(`sha256:${name![1]}`);
    const inspection = await inspectScpCollection(
      (async function* () {
        yield object.body;
      })(),
    );
    expect(inspection).toMatchObject({ valid: true, report: { checksum: 'verified' } });
    expect(object.body.length).toBe(snapshot!.size);
    // What the bucket holds is what Express still serves at the origin's path.
    const atOrigin = await getRaw(server, '/scp/guides-snapshot.scp', {
      'accept-encoding': 'gzip',
    });
    expect(atOrigin.status).toBe(200);
    expect(atOrigin.body.equals(object.body)).toBe(true);
    // The day's delta part is still open: served by the origin.
    expect(sitemap.deltas.map((delta) => delta.url)).toEqual([
      `${ORIGIN}/scp/guides-delta-2025-10-01.scp`,
    ]);
    expect(errors).toEqual([]);
  });
});
