import { Option, type Command } from 'commander';
import { AgentReadyError } from '@agent-ready/core/errors';
import { formatValidationReport, validateSite } from '@agent-ready/client';
import { validateProgressLine } from '../io/progress-bar';
import { positiveIntegerOption, secondsOption } from './parse-option-number';

interface ValidateOptions {
  all?: boolean;
  sample?: number;
  json?: boolean;
  concurrency?: number;
  maxRequests?: number;
  maxBytes?: number;
  maxBodyBytes?: number;
  timeout?: number;
  timeBudget?: number;
  userAgent?: string;
  profile?: 'tct-1' | 'tct-03' | 'auto';
  connectTo: string[];
  pagesElsewhere?: boolean;
  rootRedirect?: 'follow' | 'read';
  mcp?: boolean;
  mcpUrl?: string;
}

/** The C-URL checks' reason with --pages-elsewhere, as Check now gives its own. */
const PAGES_ELSEWHERE =
  'the pages (C-URLs) are served by another server, not the one checked (--pages-elsewhere)';

/** Exit codes: 0 no check failed, 1 a check failed, 2 usage error. */
async function validate(origin: string, options: ValidateOptions): Promise<void> {
  const progress = options.json ? undefined : validateProgressLine();
  try {
    const report = await validateSite(origin, {
      ...(progress ? { onExchange: progress.update } : {}),
      ...(options.all ? { all: true } : {}),
      ...(options.sample ? { sample: options.sample } : {}),
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(options.maxRequests ? { maxRequests: options.maxRequests } : {}),
      ...(options.maxBytes ? { maxTotalBytes: options.maxBytes } : {}),
      ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
      ...(options.timeout ? { timeoutMs: options.timeout } : {}),
      ...(options.timeBudget ? { timeBudgetMs: options.timeBudget } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.profile ? { profile: options.profile } : {}),
      ...(options.connectTo.length > 0 ? { connectTo: options.connectTo } : {}),
      ...(options.pagesElsewhere ? { pagesElsewhere: PAGES_ELSEWHERE } : {}),
      ...(options.rootRedirect ? { rootRedirect: options.rootRedirect } : {}),
      ...(options.mcpUrl ? { mcp: options.mcpUrl } : options.mcp ? { mcp: true } : {}),
    });
    progress?.stop();
    process.stdout.write(
      options.json ? `${JSON.stringify(report)}\n` : formatValidationReport(report),
    );
    process.exitCode = report.ok ? 0 : 1;
  } catch (error) {
    progress?.stop();
    if (!(error instanceof AgentReadyError)) throw error;
    process.stderr.write(`agent-ready validate: ${error.message}\n`);
    process.exitCode = 2;
  }
}

export function registerValidateCommands(program: Command): void {
  program
    .command('validate')
    .description(
      'check a site against the TCT, SCP, llmindex, llms.txt and MCP contract (exit code 0 only when no check fails)',
    )
    .argument('<origin>', 'site origin, e.g. https://example.com')
    .option('--all', 'check every listed document, not a sample')
    .option(
      '--sample <n>',
      'listed documents checked in depth (default 5)',
      positiveIntegerOption('--sample'),
    )
    .option('--json', 'print the report as one JSON object')
    .option(
      '--concurrency <n>',
      'requests in flight (default 4)',
      positiveIntegerOption('--concurrency'),
    )
    .option(
      '--max-requests <n>',
      'request budget (default 500; unlimited with --all)',
      positiveIntegerOption('--max-requests'),
    )
    .option(
      '--max-bytes <n>',
      'bytes received in all (default 256 MiB)',
      positiveIntegerOption('--max-bytes'),
    )
    .option(
      '--max-body-bytes <n>',
      'bytes of one body (default 16 MiB)',
      positiveIntegerOption('--max-body-bytes'),
    )
    .option('--timeout <seconds>', 'per request (default 15)', secondsOption('--timeout'))
    .option(
      '--time-budget <seconds>',
      'whole run (default 300; unlimited with --all)',
      secondsOption('--time-budget'),
    )
    .option('--user-agent <text>', 'User-Agent to send')
    .addOption(
      new Option(
        '--profile <profile>',
        "TCT profile to check: tct-1, tct-03 (draft -03, by the reference validator's check names), or auto: the one the site's sitemap declares",
      )
        .choices(['tct-1', 'tct-03', 'auto'])
        .default('auto'),
    )
    .option(
      '--connect-to <[public=]local>',
      "send a public origin's requests to a local server, URLs and Host kept, as curl's --connect-to does (https://example.com=http://127.0.0.1:3000; the local origin alone for <origin>); repeatable",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--pages-elsewhere',
      "the listed pages (C-URLs) are another server's (a front-end not running here): their checks are not tested",
    )
    .addOption(
      new Option(
        '--root-redirect <how>',
        "follow (default, as agents do) or read: the root's redirect itself is checked (a Strapi root redirecting to its admin panel)",
      ).choices(['follow', 'read']),
    )
    .option(
      '--mcp',
      'the site must serve an MCP endpoint (at <origin>/mcp unless --mcp-url says): its absence fails mcp.endpoint; without it, an absent endpoint leaves the MCP checks not tested',
    )
    .option(
      '--mcp-url <url>',
      'where the MCP endpoint is (a URL on the origin, or a path; implies --mcp)',
    )
    .action((origin: string, options: ValidateOptions) => validate(origin, options));
}
