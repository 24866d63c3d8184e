import { VERIFIED_FAMILY_PREFIX } from '../metrics/classify-agent';
import type { AgentSiteOptions } from './agent-site-options';

/**
 * The `rateLimit` option's rule, framework-free: whose budget a request draws on and what it
 * costs. The counting itself is the store's (one limiter per served site, shared by every agent
 * endpoint and the MCP endpoint).
 */
export interface RateLimitSettings {
  /** Requests one client may make per window. */
  requests: number;
  /** The window, in seconds. */
  perSeconds: number;
  key: 'ip' | 'agent';
}

/** The `rateLimit` option in force; `undefined` when off (the default). */
export function rateLimitSettings(
  options: Pick<AgentSiteOptions, 'rateLimit'>,
): RateLimitSettings | undefined {
  const limit = options.rateLimit;
  if (!limit) return undefined;
  return { requests: limit.requests, perSeconds: limit.perSeconds, key: limit.key ?? 'ip' };
}

/** Who is asking: the address the adapter reports, and the family identification gave. */
export interface RateLimitClient {
  /** The client's address as the framework reports it (behind a trusted proxy, the forwarded one). */
  address?: string | undefined;
  /** The agent family (`verified:<agent>` for a verified Web Bot Auth signature). */
  family: string;
}

/**
 * The budget a request draws on. Under `key: 'agent'` a verified signature is one client
 * wherever it comes from (a crawler spread over many addresses gets one budget, and no one else
 * can spend it); everything else is keyed by address, since a User-Agent string is anyone's to
 * send: keying on it would let one client spend a named agent's budget. A request without a
 * known address shares the `unknown` budget.
 */
export function rateLimitKey(settings: RateLimitSettings, client: RateLimitClient): string {
  if (settings.key === 'agent' && client.family.startsWith(VERIFIED_FAMILY_PREFIX))
    return `agent:${client.family}`;
  return `ip:${client.address ?? 'unknown'}`;
}

/**
 * What an answer costs the client's budget: a 304 nothing (and it is never refused). An agent
 * that revalidates with its validators is the one the site wants: the answer is headers only,
 * decided from the cached row; charging it would push agents to unconditional refetches, the
 * bytes a rate limit is meant to save. Everything else costs one request.
 */
export function rateLimitCost(status: number): 0 | 1 {
  return status === 304 ? 0 : 1;
}
