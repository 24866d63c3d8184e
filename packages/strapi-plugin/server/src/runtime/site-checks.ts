import type { AddressInfo } from 'node:net';
import { validateSite, type ValidateSiteOptions, type ValidationReport } from '@agent-ready/client';
import type { CheckTarget, SiteCheck } from './runtime-status';
import type { SiteCheckPlan } from './plan-site-check';

export const CHECK_TARGETS: readonly CheckTarget[] = ['auto', 'public', 'server'];

/**
 * What one "check now" may spend: a sample of documents, bounded requests, bytes and time, so a
 * click never turns into a crawl of the whole site.
 */
export const CHECK_BUDGET: ValidateSiteOptions = {
  sample: 5,
  concurrency: 4,
  maxRequests: 300,
  maxTotalBytes: 32 * 2 ** 20,
  maxBodyBytes: 8 * 2 ** 20,
  timeoutMs: 10_000,
  timeBudgetMs: 60_000,
  userAgent: 'agent-ready-admin-check',
};

type Validate = (origin: string, options: ValidateSiteOptions) => Promise<ValidationReport>;

/** What a check reports beside the validator's report (the coverage of the content). */
export type CheckExtras = () => Promise<Pick<SiteCheck, 'coverage'>>;

/**
 * Runs `agent-ready validate`'s checks from the admin panel: one run per origin at a time (a
 * second click while one runs gets the same result), and the last result kept for the page.
 */
export class SiteChecks {
  private lastCheck: SiteCheck | undefined;
  private readonly running = new Map<string, Promise<SiteCheck>>();

  constructor(private readonly validate: Validate = validateSite) {}

  get last(): SiteCheck | undefined {
    return this.lastCheck;
  }

  /** Runs a check; `extras` (the coverage) is measured alongside and reported with it. */
  run(plan: SiteCheckPlan, extras?: CheckExtras): Promise<SiteCheck> {
    const { target, origin, connectTo, rootRedirect, pagesElsewhere, mcp, reason } = plan;
    const key = `${target} ${origin} ${connectTo ?? ''}`;
    const existing = this.running.get(key);
    if (existing) return existing;
    const options = {
      ...CHECK_BUDGET,
      ...(connectTo ? { connectTo } : {}),
      ...(rootRedirect ? { rootRedirect } : {}),
      ...(pagesElsewhere ? { pagesElsewhere } : {}),
      ...(mcp ? { mcp } : {}),
    };
    const run = Promise.all([this.validate(origin, options), extras?.() ?? {}])
      .then(([report, more]) => {
        const check: SiteCheck = { target, reason, report, ...more };
        this.lastCheck = check;
        return check;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  /** Resolves once no check is running (shutdown). */
  async whenIdle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }
}

/**
 * `http://host:port` where this server can be reached from itself, or undefined when it is not
 * listening. A wildcard address (all interfaces) is reached through the loopback of its family.
 */
export function listeningOrigin(address: AddressInfo | string | null): string | undefined {
  if (!address || typeof address === 'string') return undefined;
  let host = address.address;
  if (host === '0.0.0.0') host = '127.0.0.1';
  else if (host === '::' || host === '::0') host = '::1';
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${address.port}`;
}
