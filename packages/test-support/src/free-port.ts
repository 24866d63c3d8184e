import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on right now, for servers that must know their port before
 * they start (Strapi's config cannot take port 0; a public origin names the port).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
