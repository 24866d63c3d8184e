// The second instance of the instance-lag benchmark: a read-only site (`openAgentSite`, what
// both adapters run) on the writer's PostgreSQL table, behind node:http the way the adapters'
// listeners answer (a fresh cached M-URL first, then the pipeline). Prints `ready <port> - -`
// once its LISTEN connection is proved live, so every sample measures notifications.
// Arguments: the database config (JSON) and the table prefix.
import http from 'node:http';
import { openAgentSite, SILENT_LOGGER, type DatabaseOption } from '@agent-ready/store';
import { benchSiteOptions } from '../scenarios/bench-documents';
import { siteListener } from './site-listener';

async function main(): Promise<void> {
  const database = JSON.parse(process.argv[2]!) as DatabaseOption;
  const options = benchSiteOptions();
  const site = await openAgentSite({
    site: options,
    database,
    tablePrefix: process.argv[3]!,
    mode: 'read-only',
    logger: SILENT_LOGGER,
  });
  for (let tries = 0; site.reader.changeNotifications?.state !== 'listening'; tries++) {
    if (tries > 600) throw new Error('no live LISTEN connection after 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const server = http.createServer(siteListener(site, options.site.origin));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`ready ${port} - -\n`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
