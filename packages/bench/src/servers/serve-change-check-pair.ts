// The server of the sqlite-change-check benchmark: a writer and two read-only instances on one
// SQLite file, in one process: the first reads the file's data version before answering from
// its cache (the default since issue 46), the second does not (as before). Both on their own
// port, the way the adapters' listeners answer. Prints `ready <with-port> <path> <etag>
// <without-port>` once both serve the document.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAgentSite, SILENT_LOGGER, type DatabaseOption } from '@agent-ready/store';
import {
  BENCH_ORIGIN,
  benchDocument,
  benchSiteOptions,
  bulkLoad,
} from '../scenarios/bench-documents';
import { siteListener } from './site-listener';

const DOCUMENTS = 1_000;

async function main(): Promise<void> {
  const database: DatabaseOption = {
    client: 'sqlite',
    filename: join(mkdtempSync(join(tmpdir(), 'agent-ready-bench-')), 'bench.sqlite'),
  };
  const common = { site: benchSiteOptions(), database, logger: SILENT_LOGGER };
  const writer = await openAgentSite({
    ...common,
    mode: 'standalone',
    rebuild: { automatic: false },
  });
  await bulkLoad(writer.engine!, DOCUMENTS);
  const doc = benchDocument(0, 1);
  const saved = await writer.engine!.upsert(doc);
  const ports: number[] = [];
  for (const sqliteChangeCheck of [true, false]) {
    const site = await openAgentSite({ ...common, mode: 'read-only', sqliteChangeCheck });
    const server = http.createServer(siteListener(site, BENCH_ORIGIN));
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as { port: number }).port);
  }
  process.stdout.write(`ready ${ports[0]} ${doc.mPath} "${saved.hash}" ${ports[1]}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
