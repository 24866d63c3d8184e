import net from 'node:net';
import { PurgeError, sendPurgeRequest } from './purger';

/**
 * A cache that closes connections before answering, the way a kept-alive connection looks to
 * fetch once the cache has closed it for idling: `closeFirst` connections are closed as soon
 * as a request arrives, later ones are answered 200.
 */
async function startClosingCache(closeFirst: number) {
  let connections = 0;
  const server = net.createServer((socket) => {
    const index = connections++;
    socket.once('data', () => {
      if (index < closeFirst) socket.destroy();
      else socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    connections: () => connections,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PURGE = { method: 'PURGE', headers: {}, timeoutMs: 10_000 };

describe('sendPurgeRequest', () => {
  it('sends again at once on a fresh connection when the cache closed the one it used', async () => {
    const cache = await startClosingCache(1);
    try {
      await expect(sendPurgeRequest('varnish', cache.url, PURGE)).resolves.toBe('ok');
      expect(cache.connections()).toBe(2);
    } finally {
      await cache.stop();
    }
  });

  it('sends again once only: a cache that keeps closing is a retryable failure', async () => {
    const cache = await startClosingCache(Infinity);
    try {
      const error = await sendPurgeRequest('varnish', cache.url, PURGE).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PurgeError);
      expect(error).toMatchObject({ retryable: true });
      expect((error as Error).message).toMatch(/^varnish purge: PURGE .* failed: UND_ERR_SOCKET$/);
      expect(cache.connections()).toBe(2);
    } finally {
      await cache.stop();
    }
  });
});
