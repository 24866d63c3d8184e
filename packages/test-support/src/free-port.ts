import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Below Linux's default ephemeral range (32768-60999) and macOS's (49152-65535). */
const DEFAULT_EPHEMERAL_START = 32768;
const LOWEST = 15000;

/**
 * Where the system's ephemeral ports start. A port the system gave out for `listen(0)` is an
 * ephemeral port, and so is the local port of every outgoing connection (to PostgreSQL, to the
 * npm registry): between the moment a test learns the number and the moment its server binds
 * it, a connection can take it, and the server fails with EADDRINUSE (Express 5 hands that
 * error to the listen callback, so a server that ignores it runs without listening).
 */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return low !== undefined && Number.isInteger(low) ? low : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

/** Whether `port` can be listened on, on every address (as `app.listen(port)` does). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** One port the system gives out for listening on loopback right now (ephemeral). */
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

const handedOut = new Set<number>();

/**
 * A port nothing listens on right now, for servers that must know their port before they
 * start (Strapi's config cannot take port 0; a public origin names the port). Drawn at random
 * below the ephemeral range, so no outgoing connection takes it before the server binds it,
 * never one this process handed out before, and never one whose number contains "404": the
 * site's URLs carry the port, and checkers that look for soft 404s (AFDocs scans every short
 * Markdown body for "404") would take a short page whose llms.txt line names
 * `http://localhost:40437/` for an error page. Where the ephemeral range starts too low to
 * leave room, the system's choice.
 */
export async function freePort(): Promise<number> {
  const end = ephemeralStart();
  for (let attempt = 0; end - LOWEST >= 1000 && attempt < 100; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (end - LOWEST));
    if (handedOut.has(port) || String(port).includes('404')) continue;
    if (!(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  for (;;) {
    const port = await anyFreePort();
    if (!String(port).includes('404')) return port;
  }
}
