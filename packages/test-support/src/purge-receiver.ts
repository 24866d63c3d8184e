import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the store's `verifyPurgeWebhook` checks. */
export interface SignedPurge {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** A webhook purge receiver on a real socket (the adapters' `edge` option with a webhook purger). */
export interface PurgeReceiver {
  /** Where to send purges: `http://127.0.0.1:<port>/purge`. */
  url: string;
  /** The keys of each accepted request, in arrival order. */
  received: string[][];
  /** How many verified requests were refused (`refuseFirst`). */
  refused: number;
  close(): Promise<void>;
}

/**
 * Starts a receiver that takes purge requests signed with `secret`, as `verify` checks them (the
 * store's `verifyPurgeWebhook`, which test-support cannot import: the store depends on it),
 * answers 401 to the others and, with `refuseFirst`, 503 to the first signed one (a failing
 * edge, to retry).
 */
export async function startPurgeReceiver(options: {
  secret: string;
  verify(purge: SignedPurge): boolean;
  refuseFirst?: boolean;
}): Promise<PurgeReceiver> {
  const receiver = {
    url: '',
    received: [] as string[][],
    refused: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const signed = options.verify({
        secret: options.secret,
        body,
        timestamp: req.headers['x-agent-ready-timestamp'] as string | undefined,
        signature: req.headers['x-agent-ready-signature'] as string | undefined,
      });
      if (!signed) {
        res.writeHead(401).end();
        return;
      }
      if (options.refuseFirst && receiver.refused === 0) {
        receiver.refused += 1;
        res.writeHead(503).end('busy');
        return;
      }
      receiver.received.push((JSON.parse(body) as { keys: string[] }).keys);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  return receiver;
}
