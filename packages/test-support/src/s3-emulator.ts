// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types: its declaration travels with this module into the suites that import it
/// <reference path="./s3rver.d.ts" />
import http from 'node:http';
import type S3rver from 's3rver';

/** The bucket the emulator starts with. */
export const S3_EMULATOR_BUCKET = 'agent-ready';

/**
 * s3rver, an S3 emulator from the npm registry (not AWS): a bucket on a loopback port, its
 * objects in `directory`, so a stopped emulator restarted on the same port has them all.
 */
export interface S3Emulator {
  port: number;
  /** The bucket's path-style URL, which is also where the tests download objects from. */
  bucketUrl: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

export async function startS3Emulator(directory: string): Promise<S3Emulator> {
  // Loaded here: the suites that import this package without an emulator do not pay for it.
  const { default: S3rverServer } = await import('s3rver');
  const start = async (port: number) => {
    const server = new S3rverServer({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: S3_EMULATOR_BUCKET }],
    });
    const { port: bound } = await server.run();
    return { server, port: bound };
  };
  let running: S3rver | undefined;
  const first = await start(0);
  running = first.server;
  const port = first.port;
  return {
    port,
    bucketUrl: `http://127.0.0.1:${port}/${S3_EMULATOR_BUCKET}/`,
    async stop() {
      // Keep-alive connections would hold the server open: cut them, as a crash would.
      running?.httpServer.closeAllConnections();
      await running?.close();
      running = undefined;
    },
    async restart() {
      running = (await start(port)).server;
    },
  };
}

/** An object's stored bytes as served, undecoded (a client library would gunzip them). */
export function downloadRaw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks), headers: res.headers }),
        );
      })
      .on('error', reject);
  });
}

/**
 * A proxy in front of the emulator that holds (never forwards, never answers) the uploads whose
 * key matches `holdPut`, and calls `onHeld` for each: an upload in flight, for a kill.
 */
export async function startHoldingProxy(
  targetPort: number,
  holdPut: RegExp,
  onHeld: (url: string) => void,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method === 'PUT' && holdPut.test(req.url ?? '')) {
      onHeld(req.url!);
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
