// The second instance of the instance-lag benchmark: a read-only site (`openAgentSite`, what
// both adapters run) on the writer's table, behind node:http the way the adapters' listeners
// answer (a fresh cached M-URL first, then the pipeline). Prints `ready <port> - -` once its
// LISTEN connection (PostgreSQL) or its Redis relay (`notify`) is live, so every sample measures
// notifications. Arguments: the database config (JSON), the table prefix and, optionally, the
// `notify` option (JSON).
import http from 'node:http';
import {
  openAgentSite,
  SILENT_LOGGER,
  type DatabaseOption,
  type NotifyOptions,
} from '@agent-ready/store';
import { benchSiteOptions } from '../scenarios/bench-documents';
import { siteListener } from './site-listener';

async function main(): Promise<void> {
  const database = JSON.parse(process.argv[2]!) as DatabaseOption;
  const notify = process.argv[4] ? (JSON.parse(process.argv[4]) as NotifyOptions) : undefined;
  const options = benchSiteOptions();
  const site = await openAgentSite({
    site: options,
    database,
    tablePrefix: process.argv[3]!,
    mode: 'read-only',
    logger: SILENT_LOGGER,
    ...(notify ? { notify } : {}),
  });
  const live = () =>
    notify
      ? site.reader.changeRelay?.state === 'live'
      : site.reader.changeNotifications?.state === 'listening';
  for (let tries = 0; !live(); tries++) {
    if (tries > 600) throw new Error('no live change notifications after 60 s');
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
