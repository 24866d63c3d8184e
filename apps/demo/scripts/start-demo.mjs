// @ts-check
// `npm run demo` ends here: builds Strapi's admin panel if needed, starts Strapi, waits until
// its content and the agent-ready table are ready, starts the site, and prints where to look.
// Ctrl-C (SIGINT) or SIGTERM stops both servers and waits for them; if either server dies,
// the other is stopped and this script exits non-zero.
//
// Environment: DEMO_SITE_PORT (3000), DEMO_CMS_PORT (1337), DEMO_ORIGIN (the public origin,
// default the site's own URL), DATABASE_CLIENT=postgres (+ DATABASE_HOST, _PORT, _NAME,
// _USERNAME, _PASSWORD), DATABASE_FILENAME and DEMO_PUBLIC_DIR (SQLite file and media folder),
// DEMO_SKIP_ADMIN_BUILD=1 (serve the API without building the admin panel), DEMO_TCT_PROFILE
// (tct-1, or tct-03 for TCT draft -03), DEMO_EDGE=varnish (Varnish with docs/edge/varnish.vcl in
// front of the site, on DEMO_EDGE_PORT or a free port, purged on every change).
/* global AbortSignal */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAdmin } from './build-admin.mjs';
import { varnishCommand, varnishMissing } from './edge-varnish.mjs';

const require = createRequire(import.meta.url);
const DEMO_DIR = fileURLToPath(new URL('..', import.meta.url));
/** @type {typeof import('@agent-ready/demo-cms/demo-settings')} */
const { demoSettings } = require('@agent-ready/demo-cms/demo-settings');

const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

/** @param {string} message */
const say = (message) => process.stdout.write(`${message}\n`);

/**
 * @param {number} port
 * @param {string} variable the environment variable that moves it
 */
function assertPortFree(port, variable) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is in use: stop what uses it or set ${variable}`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
  });
}

/** A port nobody listens on now (loopback). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts a server process whose output lines are prefixed with its name.
 * @param {string} name
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, command?: string }} options
 */
function startChild(name, args, { command = process.execPath, ...options }) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) say(`[${name}] ${line}`);
    });
    stream.on('end', () => pending && say(`[${name}] ${pending}`));
  }
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { name, child, exited };
}

/**
 * Polls `url` until it answers 2xx (any status with `anyStatus`); fails if `child` exits first
 * or time runs out.
 * @param {string} url
 * @param {{ exited: Promise<unknown>, name: string }} server
 * @param {{ anyStatus?: boolean }} [options]
 */
async function waitUntilReady(url, server, { anyStatus = false } = {}) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${server.name} stopped before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (response.ok || anyStatus) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${server.name} was not ready after ${READY_TIMEOUT_MS / 1000} s (${url})`);
}

/**
 * An M-URL of an English article and its current ETag, for the 304 example.
 * @param {string} siteUrl
 */
async function sampleMUrl(siteUrl) {
  const sitemap = /** @type {{ items: { mUrl: string }[] }} */ (
    await (await fetch(`${siteUrl}/llm-sitemap.json`)).json()
  );
  const item =
    sitemap.items.find((i) => new URL(i.mUrl).pathname.startsWith('/en/blog/')) ?? sitemap.items[0];
  if (!item) throw new Error('the agent sitemap lists no document');
  const local = `${siteUrl}${new URL(item.mUrl).pathname}`;
  const response = await fetch(local);
  return { url: local, etag: response.headers.get('etag') ?? '' };
}

/**
 * @param {ReturnType<typeof demoSettings>} settings
 * @param {{ url: string, etag: string }} sample
 */
function printSummary(settings, sample) {
  const site = settings.site.url;
  /** @type {[string, string][]} */
  const rows = [
    ['Site (public origin)', `${site}/`],
    [
      'Strapi admin',
      process.env.DEMO_SKIP_ADMIN_BUILD
        ? `${settings.cms.url}/admin (not built: DEMO_SKIP_ADMIN_BUILD is set)`
        : `${settings.cms.url}/admin  (${settings.admin.email} / ${settings.admin.password})`,
    ],
    ['Agent sitemap', `${site}/llm-sitemap.json`],
    ['An M-URL', sample.url],
    ['llms.txt', `${site}/llms.txt`],
    [
      'llmindex manifest',
      settings.agentReady.llmindex
        ? `${site}/.well-known/llmindex.json`
        : 'off: llmindex needs an https origin (DEMO_ORIGIN=https://…, see apps/demo/README.md)',
    ],
    ['SCP sitemap', `${site}/scp/sitemap.xml`],
    [
      'MCP server',
      settings.agentReady.mcp?.enabled
        ? `${site}/mcp  (Streamable HTTP; over stdio: npx -y @agent-ready/cli mcp ${site} --state <dir>)`
        : 'off (mcp in demo-settings.js)',
    ],
    [
      'Edge (Varnish)',
      settings.edge
        ? `${settings.edge.url}/  (docs/edge/varnish.vcl in front of the site, purged on every change)`
        : 'off (DEMO_EDGE=varnish puts Varnish in front, see apps/demo/README.md)',
    ],
    [
      'TCT profile',
      settings.agentReady.tct.profile === 'tct-03'
        ? 'tct-03 (draft -03, DEMO_TCT_PROFILE)'
        : 'tct-1 (DEMO_TCT_PROFILE=tct-03 serves draft -03)',
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  say('');
  say('The agent-ready demo is running. Ctrl-C stops both servers.');
  say('');
  for (const [label, value] of rows) say(`  ${label.padEnd(width)}  ${value}`);
  if (settings.origin !== site) {
    say('');
    say(`  Agent URLs name ${settings.origin} (DEMO_ORIGIN); the site serves them at ${site}.`);
  }
  say('');
  say('  A 304: revalidate that M-URL with the ETag it just answered with:');
  say(`  curl -sI -H 'If-None-Match: ${sample.etag}' ${sample.url}`);
  if (settings.edge) {
    say('');
    say('  The same M-URL through Varnish (Age grows while it is answered from the cache):');
    say(`  curl -sI ${settings.edge.url}${new URL(sample.url).pathname}`);
  }
  say('');
  return rows;
}

/** @type {ReturnType<typeof startChild>[]} */
const servers = [];
/** Folders of this run to remove once every server has exited (Varnish's working directory). */
/** @type {string[]} */
const scratch = [];
let stopping = false;

/**
 * Stops every server still running (SIGTERM, then SIGKILL after a while), waits for them all
 * and exits with `exitCode`.
 * @param {string} reason
 * @param {number} exitCode
 */
async function stop(reason, exitCode) {
  if (stopping) return;
  stopping = true;
  say(`\nStopping the demo (${reason})…`);
  const running = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
  for (const server of running) server.child.kill('SIGTERM');
  const forceKill = setTimeout(() => {
    for (const server of running) server.child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await Promise.all(servers.map((s) => s.exited));
  clearTimeout(forceKill);
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  say('Stopped.');
  process.exit(exitCode);
}

/** @param {ReturnType<typeof startChild>} server */
function watch(server) {
  servers.push(server);
  void server.exited.then(({ code, signal }) => {
    if (!stopping) {
      say(`${server.name} exited unexpectedly (${signal ?? `exit code ${code}`})`);
      void stop(`${server.name} stopped`, 1);
    }
  });
  return server;
}

async function main() {
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  if (process.env.DEMO_EDGE === 'varnish') {
    const missing = varnishMissing();
    if (missing) throw new Error(missing);
    // Both servers purge this Varnish: they read its port and token from the environment.
    process.env.DEMO_EDGE_PORT ||= String(await freePort());
    process.env.DEMO_EDGE_TOKEN ||= randomBytes(16).toString('hex');
  }
  const settings = demoSettings(process.env);
  await assertPortFree(settings.cms.port, 'DEMO_CMS_PORT');
  await assertPortFree(settings.site.port, 'DEMO_SITE_PORT');
  if (settings.edge) await assertPortFree(settings.edge.port, 'DEMO_EDGE_PORT');
  if (!process.env.DEMO_SKIP_ADMIN_BUILD) await buildAdmin({ log: say });
  mkdirSync(join(settings.cms.publicDir, 'uploads'), { recursive: true });
  if (settings.database.client === 'sqlite') {
    mkdirSync(dirname(settings.database.filename), { recursive: true });
  }

  const env = { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' };
  const strapiBin = join(
    dirname(require.resolve('@strapi/strapi/package.json', { paths: [settings.cms.dir] })),
    'bin',
    'strapi.js',
  );

  if (settings.edge) {
    // First, so the purges of the first start have somewhere to go.
    const { args, workDir } = varnishCommand({
      port: settings.edge.port,
      backendPort: settings.site.port,
      token: settings.edge.token,
    });
    scratch.push(workDir);
    const varnish = watch(startChild('varnish', args, { cwd: DEMO_DIR, env, command: 'varnishd' }));
    say(`Starting Varnish on ${settings.edge.url} (pid ${varnish.child.pid})…`);
    await waitUntilReady(`${settings.edge.url}/`, varnish, { anyStatus: true });
  }

  const cms = watch(startChild('cms', [strapiBin, 'start'], { cwd: settings.cms.dir, env }));
  say(
    `Starting Strapi on ${settings.cms.url} (${settings.database.client}, pid ${cms.child.pid})…`,
  );
  await waitUntilReady(`${settings.cms.url}/api/demo/ready`, cms);

  const siteServer = watch(
    startChild('site', [join(DEMO_DIR, 'dist', 'server.js')], { cwd: DEMO_DIR, env }),
  );
  say(`Starting the site on ${settings.site.url} (pid ${siteServer.child.pid})…`);
  await waitUntilReady(`${settings.site.url}/llm-sitemap.json`, siteServer);

  const sample = await sampleMUrl(settings.site.url);
  const rows = printSummary(settings, sample);
  // Started by a program (the tests) with an IPC channel: the same summary as a message, on a
  // channel the servers' logs cannot enter.
  process.send?.({
    type: 'ready',
    rows,
    curl: sample,
    pids: { cms: cms.child.pid, site: siteServer.child.pid },
    ...(settings.edge ? { edge: settings.edge.url } : {}),
  });
}

main().catch((error) => {
  say(`demo: ${error.message}`);
  void stop('it could not start', 1);
});
