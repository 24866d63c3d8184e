import type { Command } from 'commander';
import { AgentReadyError } from '@agent-ready/core/errors';
import { formatSyncReport, syncScp, syncSite } from '@agent-ready/client';
import { syncProgressBar } from '../io/progress-bar';
import { positiveIntegerOption, secondsOption } from './parse-option-number';

interface SyncCommandOptions {
  state: string;
  scp?: boolean;
  compareHtml?: boolean;
  json?: boolean;
  concurrency?: number;
  timeout?: number;
  maxRetryWait?: number;
  maxBodyBytes?: number;
  rediscover?: boolean;
  snapshotMaxAge?: number;
  collectionOrigin?: string[];
  userAgent?: string;
}

/** Exit codes: 0 synced without problems, 1 synced with problems, 2 could not sync. */
async function sync(origin: string, options: SyncCommandOptions): Promise<void> {
  const bar = syncProgressBar();
  try {
    const common = {
      stateDir: options.state,
      onProgress: bar.update,
      ...(options.compareHtml ? { compareHtml: true } : {}),
      ...(options.rediscover ? { rediscover: true } : {}),
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(options.timeout ? { timeoutMs: options.timeout } : {}),
      ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.maxRetryWait
        ? { retry: { maxRetries: 3, maxWaitMs: options.maxRetryWait } }
        : {}),
    };
    const report = options.scp
      ? await syncScp(origin, {
          ...common,
          ...(options.snapshotMaxAge ? { snapshotMaxAgeMs: options.snapshotMaxAge } : {}),
          ...(options.collectionOrigin ? { collectionOrigins: options.collectionOrigin } : {}),
        })
      : await syncSite(origin, common);
    bar.stop();
    process.stdout.write(options.json ? `${JSON.stringify(report)}\n` : formatSyncReport(report));
    process.exitCode = report.ok ? 0 : 1;
  } catch (error) {
    bar.stop();
    if (!(error instanceof AgentReadyError)) throw error;
    process.stderr.write(`agent-ready sync: ${error.message}\n`);
    process.exitCode = 2;
  }
}

export function registerSyncCommands(program: Command): void {
  program
    .command('sync')
    .description(
      'mirror a site with the zero-fetch algorithm (TCT M-URLs, or SCP collections with --scp)',
    )
    .argument('<origin>', 'site origin, e.g. https://example.com')
    .requiredOption('--state <dir>', 'directory of the local SQLite state (created when missing)')
    .option('--scp', 'use SCP snapshots and deltas instead of M-URLs')
    .option('--compare-html', "also fetch every page's HTML and report what a naive re-crawl costs")
    .option('--json', 'print the report as one JSON object')
    .option(
      '--concurrency <n>',
      'requests in flight (default 4)',
      positiveIntegerOption('--concurrency'),
    )
    .option('--timeout <seconds>', 'per request (default 15)', secondsOption('--timeout'))
    .option(
      '--max-retry-wait <seconds>',
      'longest Retry-After honoured on 429/503 (default 60)',
      secondsOption('--max-retry-wait'),
    )
    .option(
      '--max-body-bytes <n>',
      'bytes of one document (default 16 MiB)',
      positiveIntegerOption('--max-body-bytes'),
    )
    .option(
      '--snapshot-max-age <seconds>',
      'SCP: re-download a snapshot older than this (default 7 days)',
      secondsOption('--snapshot-max-age'),
    )
    .option(
      '--collection-origin <origin>',
      'SCP: follow collections only to this other origin (repeat for more; default any the sitemap.xml names, within the rules of docs/validate-and-sync.md)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--rediscover', 'find the sitemap from the root again')
    .option('--user-agent <text>', 'User-Agent to send')
    .action((origin: string, options: SyncCommandOptions) => sync(origin, options));
}
