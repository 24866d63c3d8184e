// The demo's public site: `node dist/server.js`, configured by the same settings module as
// Strapi (ports, database, agent-ready options), so both describe the same URLs and table.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoSettings } from '@agent-ready/demo-cms/demo-settings';
import { agentReady } from '@agent-ready/express';
import { createCmsClient } from './cms-client';
import { createSiteApp } from './create-site-app';
import { createSiteServer } from './site-server';

const settings = demoSettings();

const agent = agentReady({
  ...settings.agentReady,
  // Read-only: the Strapi plugin writes the table; the site serves it from the same database.
  mode: 'read-only',
  database: settings.database,
  logger: console,
});

const app = createSiteApp({
  cms: createCmsClient(settings.cms.url),
  origin: settings.origin,
  siteName: settings.agentReady.site.name,
  // Built to dist/server.js; the assets stay in site/public.
  assetsDir: fileURLToPath(new URL('../site/public/assets', import.meta.url)),
  uploadsDir: join(settings.cms.publicDir, 'uploads'),
  agent,
});

// agent.handler answers cached agent endpoints before Express sees the request.
const server = createSiteServer(agent.handler(app));
server.listen(settings.site.port, '127.0.0.1', () => {
  console.log(`site: listening on ${settings.site.url} (public origin ${settings.origin})`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`site: ${signal}, shutting down`);
  server.close();
  server.closeAllConnections();
  agent
    .close()
    .catch((error: unknown) => console.error('site: closing the database failed', error))
    .finally(() => process.exit(0));
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
