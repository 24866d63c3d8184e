import { type ScpLimits } from '@agent-ready/core/scp';
import { tctProfile, type TctProfileName } from '@agent-ready/core/tct';
import { positiveInteger } from '../errors/client-errors';
import { parseConnectToList, type ConnectTo } from '../http/connect-to';
import { HttpClient, type HttpClientOptions, type HttpClientStats } from '../http/http-client';
import { parseOrigin } from '../http/parse-origin';
import { checkLlmindex } from './check-llmindex';
import { checkLlmsTxt } from './check-llms-txt';
import { checkMcp, mcpTarget } from './check-mcp';
import { validationChecks } from './check-catalog';
import { CheckRecorder, type CheckResult } from './check-recorder';
import { checkTct03 } from './check-tct03';
import { detectTctProfile } from './detect-tct-profile';
import { checkScp } from './check-scp';
import { checkMUrls, checkPolicy, checkRoot, checkSitemaps } from './check-tct';
import type { ValidationContext } from './validation-context';

export interface ValidateSiteOptions extends Pick<
  HttpClientOptions,
  | 'concurrency'
  | 'maxRequests'
  | 'maxTotalBytes'
  | 'maxBodyBytes'
  | 'timeoutMs'
  | 'timeBudgetMs'
  | 'userAgent'
  | 'onExchange'
> {
  /** Listed documents (and collections, llms.txt links) checked in depth (default 5). */
  sample?: number;
  /** Check every listed document; the request and time budgets then default to unlimited. */
  all?: boolean;
  /** Caps for reading SCP collections. */
  scpLimits?: Partial<ScpLimits>;
  /**
   * The TCT profile to check against: `tct-1`, `tct-03`, or `auto` (default): the profile the
   * site's sitemap declares.
   */
  profile?: TctProfileName | 'auto';
  /**
   * Validate through other servers, as curl's `--connect-to` does: requests for a public
   * origin's URLs go to a local one, their `Host` and the URLs reported kept public. Each value
   * is `PUBLIC=LOCAL` (`https://example.com=http://127.0.0.1:3000`), or `LOCAL` alone for the
   * origin validated (`connect-to.ts`). A site whose public origin is not live yet is checked
   * this way (`agent-ready validate --connect-to`), and the Strapi plugin's Check now validates
   * its endpoints under their public URLs through Strapi's own address.
   */
  connectTo?: string | readonly string[];
  /**
   * `read`: a redirect of the root is not followed; the root's checks and discovery read the
   * 3xx itself (a Strapi whose root redirects to its admin panel is not the site's root page,
   * and the redirect carries the discovery `Link`s). Default `follow`, as an agent does.
   */
  rootRedirect?: 'follow' | 'read';
  /**
   * Why the listed pages (C-URLs) are not fetched: they are another server's, as when the
   * Strapi plugin's Check now validates its own endpoints under the public URLs while the
   * front-end serves the pages. Their checks are then not tested, with this reason. Default:
   * pages are fetched.
   */
  pagesElsewhere?: string;
  /**
   * The MCP endpoint (docs/mcp.md#checking-an-endpoint). Unset: `<origin>/mcp` is tried, and a
   * site that does not serve it (404, 405, 410, an HTML page) leaves the `mcp.*` checks not
   * tested. `true`, or the endpoint's URL (on the origin, or a path): it is asked for, so its
   * absence fails `mcp.endpoint`. `false`: not tried.
   */
  mcp?: boolean | string;
}

export interface ValidationSummary {
  total: number;
  pass: number;
  fail: number;
  warn: number;
  notTested: number;
}

export interface ValidationReport {
  origin: string;
  /** The server the origin's requests went to, when not the origin itself (`connectTo`). */
  connectedTo?: string;
  /** Every origin whose requests went to another server, and that server (`connectTo`). */
  connections?: ConnectTo[];
  startedAt: string;
  durationMs: number;
  /** True when no check failed (warnings and untested checks allowed): exit code 0. */
  ok: boolean;
  /** The TCT profile checked, and whether it was asked for or read from the site. */
  tctProfile: TctProfileName;
  tctProfileSource: 'option' | 'detected';
  summary: ValidationSummary;
  checks: CheckResult[];
  requests: HttpClientStats;
  /** Set when a budget stopped some probes (their checks are not tested). */
  budgetSpent?: string;
}

export function summarize(checks: readonly CheckResult[]): ValidationSummary {
  const summary = { total: checks.length, pass: 0, fail: 0, warn: 0, notTested: 0 };
  for (const check of checks) {
    if (check.status === 'not-tested') summary.notTested++;
    else summary[check.status]++;
  }
  return summary;
}

/**
 * Validates a site as an agent finds it: discovery from the root, the TCT profile it serves
 * (or the one asked for), then every check of that profile's catalog
 * (`validationChecks(profile)`), bounded by the request, byte and time budgets.
 */
export async function validateSite(
  originArgument: string,
  options: ValidateSiteOptions = {},
): Promise<ValidationReport> {
  const origin = parseOrigin(originArgument);
  const asked =
    options.profile === undefined || options.profile === 'auto' ? undefined : options.profile;
  // Before any request: a bad name is a usage error, not a site's failure.
  let profile = asked === undefined ? undefined : tctProfile(asked);
  const mcp = mcpTarget(options.mcp, origin);
  const sample = options.all ? Infinity : positiveInteger(options.sample ?? 5, 'sample');
  const concurrency = options.concurrency ?? 4;
  const connections = parseConnectToList(
    options.connectTo === undefined ? [] : [options.connectTo].flat(),
    origin,
  );
  const connectedTo = connections.find((mapping) => mapping.origin === origin)?.via;
  const client = new HttpClient({
    concurrency,
    maxRequests: options.maxRequests ?? (options.all ? undefined : 500),
    maxTotalBytes: options.maxTotalBytes ?? 256 * 2 ** 20,
    maxBodyBytes: options.maxBodyBytes ?? 16 * 2 ** 20,
    timeoutMs: options.timeoutMs ?? 15_000,
    timeBudgetMs: options.timeBudgetMs ?? (options.all ? undefined : 300_000),
    userAgent: options.userAgent ?? 'agent-ready-validate',
    retry: { maxRetries: 1, maxWaitMs: 10_000 },
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
    ...(connections.length > 0 ? { connectTo: connections } : {}),
  });
  const ctx: ValidationContext = {
    origin,
    client,
    rec: new CheckRecorder(),
    sample,
    concurrency,
    pages: [],
    links: [],
    ...(options.rootRedirect === 'read' ? { rootRedirect: 'read' as const } : {}),
    ...(options.pagesElsewhere ? { pagesElsewhere: options.pagesElsewhere } : {}),
  };
  const started = Date.now();
  try {
    profile ??= await detectTctProfile(ctx);
    ctx.rec = new CheckRecorder(validationChecks(profile.name));
    if (profile.name === 'tct-03') await checkTct03(ctx);
    else {
      const shardUrls = await checkRoot(ctx);
      const { items, policyUrl } = await checkSitemaps(ctx, shardUrls);
      await checkMUrls(ctx, items);
      await checkPolicy(ctx, policyUrl);
    }
    await checkLlmsTxt(ctx);
    await checkLlmindex(ctx);
    await checkScp(ctx, options.scpLimits ? { limits: options.scpLimits } : {});
    await checkMcp(ctx, mcp);
  } finally {
    client.close();
  }
  const rec = ctx.rec;
  const checks = rec.results();
  const summary = summarize(checks);
  return {
    origin,
    ...(connectedTo ? { connectedTo } : {}),
    ...(connections.length > 0 ? { connections } : {}),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    ok: summary.fail === 0,
    tctProfile: profile?.name ?? 'tct-1',
    tctProfileSource: asked === undefined ? 'detected' : 'option',
    summary,
    checks,
    requests: client.stats,
    ...(rec.budgetSpent ? { budgetSpent: rec.budgetSpent } : {}),
  };
}
