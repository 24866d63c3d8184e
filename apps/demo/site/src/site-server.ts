import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long the site keeps an idle keep-alive connection open. Node's default, 5 s, is shorter
 * than a busy client's pauses: a client whose event loop is busy for longer (AFDocs converting a
 * hundred pages between two checks, on a loaded machine) sends its next request on a connection
 * the server has just closed, before it has seen the close, and that request fails ("fetch
 * failed: other side closed"). 65 s outlasts such pauses, and the 60 s idle timeout of the load
 * balancers commonly put in front of a site, so that the balancer, not the site, closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The site's HTTP server: `handler`, with idle connections kept for `KEEP_ALIVE_TIMEOUT_MS`. */
export function createSiteServer(handler: RequestListener): Server {
  const server = createServer(handler);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
