import {
  rateLimitCost,
  rateLimitKey,
  serviceUnavailableResponse,
  tooManyRequestsResponse,
  type AgentIdentifier,
  type AgentOutcome,
  type AgentRequest,
  type EndpointKind,
  type HttpResponse,
} from '@agent-ready/core';
import type { AgentRateLimiter } from './reader/agent-rate-limiter';
import { isStoreUnavailable } from './ground/store-errors';
import type { StoreLogger } from './ground/store-logger';

/** A request as an adapter sees it: `url` is the absolute URL a signature covers. */
export interface AgentSiteRequest extends AgentRequest {
  url: string;
  /**
   * The client's address as the framework reports it (Express's `req.ip`, Koa's `ctx.ip`: the
   * forwarded one behind a proxy the app trusts): the `rateLimit` key.
   */
  clientAddress?: string | undefined;
}

/**
 * `respond`: send it (already counted). `authorize`: run the app's access check, then send what
 * `respond()` gives and `count` it. `pass`: not agent-ready's; the app answers.
 */
export type AgentSiteOutcome =
  | { kind: 'respond'; response: HttpResponse }
  | {
      kind: 'authorize';
      respond(): Promise<HttpResponse>;
      count(response: HttpResponse): void;
    }
  | { kind: 'pass' };

/** What the gate works with: the site's identifier and limiter (both replaced on reconfigure). */
export interface AnswerGateParts {
  identifier: AgentIdentifier;
  limiter(): AgentRateLimiter | undefined;
  /** Counts an answer sent (serving metrics), by agent family. */
  count(response: HttpResponse, family: string): void;
  logger: StoreLogger;
}

/**
 * The way every answer of a site goes out (`through`), and the identity and rate key it is
 * charged under: the parts of `openAgentSite` that both adapters' requests pass.
 */
export function createAnswerGate(deps: AnswerGateParts) {
  const identify = async (request: AgentSiteRequest) =>
    deps.identifier.identify({
      method: request.method,
      url: request.url,
      headers: request.headers,
    });

  const keyOf = (request: AgentSiteRequest, family: string, active: AgentRateLimiter) =>
    rateLimitKey(active.settings, { address: request.clientAddress, family });
  /** The 429 for a request over its budget, counted as what was asked. */
  const refusal = (
    request: AgentSiteRequest,
    retryAfter: number,
    kind: EndpointKind | undefined,
  ): HttpResponse => ({
    ...tooManyRequestsResponse(request.method, retryAfter),
    ...(kind ? { observe: { kind } } : {}),
  });

  /**
   * What is agent-ready's answer goes through identity, then the client's rate budget, then is
   * counted; 503 when the store cannot answer. The answer is decided before it is charged: only
   * agent-ready's own answers count (the app's pages pass through), and a 304 is free.
   */
  async function through(
    request: AgentSiteRequest,
    decide: () => Promise<AgentOutcome | undefined>,
    limited = true,
  ): Promise<AgentSiteOutcome | undefined> {
    let outcome: AgentOutcome | undefined;
    try {
      outcome = await decide();
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      deps.logger.warn(`agent-ready: ${error.message}`);
      return { kind: 'respond', response: serviceUnavailableResponse(request.method) };
    }
    if (outcome === undefined || outcome.kind === 'pass') return outcome;
    const identity = await identify(request);
    if (identity.refusal) return { kind: 'respond', response: identity.refusal };
    const active = limited ? deps.limiter() : undefined;
    const key = active && keyOf(request, identity.family, active);
    if (outcome.kind === 'respond') {
      let response = outcome.response;
      if (active && key && rateLimitCost(response.status) > 0) {
        const retryAfter = await active.take(key);
        if (retryAfter !== undefined)
          response = refusal(request, retryAfter, response.observe?.kind);
      }
      deps.count(response, identity.family);
      return { kind: 'respond', response };
    }
    // The app's access check runs next: charged before it, given back if the answer is a 304.
    if (active && key) {
      const retryAfter = await active.take(key);
      if (retryAfter !== undefined) {
        const response = refusal(request, retryAfter, outcome.metricsKind);
        deps.count(response, identity.family);
        return { kind: 'respond', response };
      }
    }
    return {
      kind: 'authorize',
      respond: outcome.respond,
      count: (response) => {
        if (active && key && rateLimitCost(response.status) === 0)
          active.giveBack(key).catch(() => undefined);
        deps.count(response, identity.family);
      },
    };
  }

  return { through, identify, keyOf };
}
