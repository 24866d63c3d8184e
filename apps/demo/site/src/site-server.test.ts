import type { AddressInfo } from 'node:net';
import { createSiteServer, KEEP_ALIVE_TIMEOUT_MS } from './site-server';

describe('createSiteServer', () => {
  it('keeps idle connections for 65 s and tells clients so (Node would close them after 5 s)', async () => {
    const server = createSiteServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      expect(await response.text()).toBe('ok');
      // What a client reads to know how long it may reuse the connection (undici sizes its pool's
      // idle timeout from it).
      expect(response.headers.get('keep-alive')).toBe('timeout=65');
      expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
