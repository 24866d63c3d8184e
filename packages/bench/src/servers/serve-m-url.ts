// A server process for the serving benchmarks: `bare` answers one precomputed M-URL with
// node:http and nothing else (the ceiling), `bare-express` the same bytes from one middleware in
// an otherwise empty Express app (the ceiling inside Express); `express` and `express-handler`
// are the real adapter over SQLite, with 1,000 more documents in the table (and the sitemap);
// `express-handler-pair` is `express-handler` twice, serving metrics off and on.
// Prints `ready <port> <path> <etag>` when it accepts requests.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { formatLinkHeader } from '@agent-ready/core/http';
import { buildMUrlRepresentation, TCT_1 } from '@agent-ready/core/tct';
import { agentReady } from '@agent-ready/express';

const ORIGIN = 'https://bench.example';
/** Other documents, so the sitemap has a realistic size (about 200 KB). */
const SITEMAP_DOCUMENTS = 1_000;

const DOCUMENT = {
  id: 'article',
  url: '/articles/benchmark/',
  title: 'A benchmark article',
  body: { format: 'text' as const, value: 'Agents fetch this page again and again. '.repeat(60) },
  modified: '2025-10-01T12:00:00Z',
};

async function bare(): Promise<{ server: http.Server; path: string; etag: string }> {
  // Exactly the bytes and headers the adapter sends, precomputed once.
  const rep = buildMUrlRepresentation({
    canonicalUrl: `${ORIGIN}${DOCUMENT.url}`,
    title: DOCUMENT.title,
    content: `${DOCUMENT.title}\n\n${DOCUMENT.body.value.trim()}`,
    modified: DOCUMENT.modified,
  });
  const validators = {
    etag: rep.etag,
    'cache-control': TCT_1.cacheControl,
    vary: 'Accept-Encoding',
    'last-modified': new Date(DOCUMENT.modified).toUTCString(),
    link: formatLinkHeader([{ href: `${ORIGIN}${DOCUMENT.url}`, rel: 'canonical' }]),
  };
  const full = {
    ...validators,
    'content-type': TCT_1.mUrlContentType,
    'content-length': String(rep.body.length),
    'content-digest': rep.contentDigest,
  };
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.headers['if-none-match'] === rep.etag) {
      res.writeHead(304, validators).end();
      return;
    }
    res.writeHead(200, full).end(rep.body);
  };
  let listener: http.RequestListener = answer;
  if (process.argv[2] === 'bare-express') {
    const app = express();
    app.disable('x-powered-by');
    app.use(answer);
    listener = app;
  }
  return { server: http.createServer(listener), path: `${DOCUMENT.url}llm.json`, etag: rep.etag };
}

async function adapter(
  metrics = false,
): Promise<{ server: http.Server; path: string; etag: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-ready-bench-'));
  const agent = agentReady({
    site: { origin: ORIGIN, name: 'Bench' },
    database: { client: 'sqlite', filename: join(dir, 'bench.sqlite') },
    ...(metrics ? { metrics: { enabled: true } } : {}),
  });
  await agent.rebuild(
    (function* () {
      for (let i = 0; i < SITEMAP_DOCUMENTS; i++) {
        yield {
          id: `other-${i}`,
          url: `/articles/other-${i}/`,
          title: `Another article ${i}`,
          body: { format: 'text' as const, value: `Paragraph ${i}.` },
          modified: DOCUMENT.modified,
        };
      }
    })(),
  );
  const outcome = await agent.publish(DOCUMENT);
  await agent.idle();
  const app = express();
  app.disable('x-powered-by');
  app.use(agent);
  // `express`: the middleware inside Express; `express-handler`: agent endpoints answered before
  // Express, everything else handed to the same app (the package's documented fast path).
  const listener = process.argv[2]?.startsWith('express-handler') ? agent.handler(app) : app;
  return {
    server: http.createServer(listener),
    path: `${DOCUMENT.url}llm.json`,
    etag: `"${outcome.hash}"`,
  };
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );

async function main(): Promise<void> {
  if (process.argv[2] === 'express-handler-pair') {
    // Metrics off and on in one process, on two ports: measured in turns, the two share the
    // machine's state and the JIT's, so their ratio is the cost of counting and little else.
    const off = await adapter(false);
    const on = await adapter(true);
    const [offPort, onPort] = [await listen(off.server), await listen(on.server)];
    process.stdout.write(`ready ${offPort} ${off.path} ${off.etag} ${onPort}\n`);
    return;
  }
  const { server, path, etag } = process.argv[2]?.startsWith('express')
    ? await adapter()
    : await bare();
  const port = await listen(server);
  process.stdout.write(`ready ${port} ${path} ${etag}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
