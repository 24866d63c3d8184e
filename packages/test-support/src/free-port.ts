import { createServer } from 'node:net';

/** One port the system gives out for listening on loopback right now. */
function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A loopback port nothing listens on right now, for servers that must know their port before
 * they start (Strapi's config cannot take port 0; a public origin names the port). Never one
 * whose number contains "404": the site's URLs carry the port, and checkers that look for
 * soft 404s (AFDocs scans every short Markdown body for "404") would take a short page whose
 * llms.txt line names `http://localhost:40437/` for an error page.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!String(port).includes('404')) return port;
  }
}
