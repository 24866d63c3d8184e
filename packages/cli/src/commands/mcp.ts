import type { Command } from 'commander';
import { AgentReadyError } from '@agent-ready/core/errors';
import { SyncState, syncSite } from '@agent-ready/client';
import { mcpSourceOfSite, serveMcpOverStdio } from '@agent-ready/mcp';
import { defaultStateDir } from './default-state-dir';
import { followLlmsTxt } from './follow-llms-txt';
import { followScpSections } from './follow-scp-sections';
import { secondsOption } from './parse-option-number';

interface McpCommandOptions {
  state?: string;
  interval?: number;
  userAgent?: string;
}

const DEFAULT_INTERVAL_MS = 60_000;

/** Messages go to stderr: stdout is the MCP connection. */
const say = (message: string) => process.stderr.write(`agent-ready mcp: ${message}\n`);

/**
 * A stdio MCP server over the sync client's local copy of a remote site and its llms.txt: synced
 * at start (M-URLs and Markdown twins, and the sections its SCP collections name), then kept
 * current through the site's change feed every `--interval` (a run with nothing changed costs
 * the feed's request, the SCP sitemap's and llms.txt's 304s, and fetches no document). The copy
 * is mirrored into a store of its own (mirror-synced-site.ts), which the same MCP handlers and
 * search as the site's HTTP endpoint read. Subscribed clients are told of each document that
 * changed. Exit codes: 0 when the client closed the connection, 2 when the
 * first sync failed.
 */
async function serveMcp(origin: string, options: McpCommandOptions): Promise<void> {
  const stateDir = options.state ?? defaultStateDir(origin);
  // The store (knex, the SQLite driver) is loaded by this command only.
  const { openMirror, refreshMirror } = await import('./mirror-synced-site');
  const llmsTxt = followLlmsTxt(origin, options.userAgent);
  const sections = followScpSections(origin, stateDir, options.userAgent);
  let mirror: Awaited<ReturnType<typeof openMirror>> | undefined;
  const sync = async () => {
    const report = await syncSite(origin, {
      stateDir,
      markdown: true,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    });
    const sectionsMoved = await sections.refresh();
    mirror ??= await openMirror(stateDir, report.origin);
    // The mirror follows the copy: read again only after a sync that changed something.
    if (report.fetched > 0 || report.deleted > 0 || sectionsMoved || !mirrored) {
      const state = SyncState.open(stateDir);
      try {
        await refreshMirror(mirror, state, sections.current());
        mirrored = true;
      } finally {
        state.close();
      }
    }
    await llmsTxt.refresh();
    return report;
  };
  let mirrored = false;
  let first;
  try {
    first = await sync();
  } catch (error) {
    await mirror?.close();
    if (!(error instanceof AgentReadyError)) throw error;
    say(error.message);
    process.exitCode = 2;
    return;
  }
  const engine = mirror!;
  const site = mcpSourceOfSite(engine.reader, { origin: first.origin });
  // The site's name as the site's own server has it (its llms.txt's title), once known.
  const settings = async () => {
    const name = llmsTxt.siteName();
    return { ...(await site.settings()), ...(name ? { name } : {}) };
  };
  say(
    `${first.stored} documents of ${first.origin} (${first.fetched} fetched, ${first.requests} requests, the copy in ${stateDir}); serving over stdio`,
  );
  const server = await serveMcpOverStdio({
    source: { ...site, settings, llmsTxt: async () => llmsTxt.current() },
    onError: (error) => say(`a call failed: ${(error as Error).message}`),
  });
  const intervalMs = options.interval ?? DEFAULT_INTERVAL_MS;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sync()
      .then((report) => {
        if (report.fetched > 0 || report.deleted > 0)
          say(`${report.fetched} fetched, ${report.deleted} deleted (${report.requests} requests)`);
      })
      .catch((error: unknown) =>
        say(`sync failed, serving the copy as it is: ${(error as Error).message}`),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  await server.closed;
  clearInterval(timer);
  await engine.close();
}

export function registerMcpCommands(program: Command): void {
  program
    .command('mcp')
    .description(
      "serve a site's published documents to a local agent as an MCP server over stdio (its synced copy)",
    )
    .argument('<origin>', 'site origin, e.g. https://example.com')
    .option(
      '--state <dir>',
      "directory of the local copy, created when missing (default: one per origin in the user's cache directory, e.g. ~/.cache/agent-ready/sites/https-example.com)",
    )
    .option(
      '--interval <seconds>',
      'how often the copy follows the change feed (default 60)',
      secondsOption('--interval'),
    )
    .option('--user-agent <string>', 'User-Agent for the sync requests')
    .action(serveMcp);
}
