import type { RequestHeaders } from '../http/request-headers';
import type { HttpResponse } from '../http/served-resource';
import type { EndpointKind } from '../metrics/metrics-recorder';
import { methodNotAllowedResponse } from './error-responses';
import { AUTHORIZED_ANSWER } from './families/answer-policies';

export interface AgentRequest {
  method: string;
  /** The request target as received (path and query, still percent-encoded). */
  target: string;
  headers: RequestHeaders;
}

/**
 * `pass`: not an agent endpoint, let the app handle it. `respond`: send this. `authorize`: run
 * the app's access check first (it may answer 401 itself); if it lets the request through, send
 * what `respond` returns.
 */
export type AgentOutcome =
  | { kind: 'pass' }
  | { kind: 'respond'; response: HttpResponse }
  | {
      kind: 'authorize';
      respond: () => Promise<HttpResponse>;
      /** What it counts as (set by `observed`), for an answer given before the check (a 429). */
      metricsKind?: EndpointKind;
    };

export const PASS: AgentOutcome = { kind: 'pass' };

/** Every agent endpoint is read-only. */
export function isSafeMethod(method: string): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD';
}

export function respondWith(response: HttpResponse): AgentOutcome {
  return { kind: 'respond', response };
}

export const METHOD_NOT_ALLOWED: () => AgentOutcome = () => respondWith(methodNotAllowedResponse());

/**
 * Sent now, or once the app's access check let the request through (`guarded`): then it is
 * this requester's alone, and no shared cache may keep it (`AUTHORIZED_ANSWER`).
 */
export async function respondUnless(
  guarded: boolean,
  respond: () => Promise<HttpResponse>,
): Promise<AgentOutcome> {
  if (guarded) {
    return {
      kind: 'authorize',
      respond: async () => {
        const response = await respond();
        // A targeted field would outrank `private` for its cache (RFC 9213 §2.2): none goes out.
        const {
          'surrogate-control': _surrogate,
          'cdn-cache-control': _cdn,
          ...headers
        } = response.headers as Record<string, string | undefined>;
        return {
          ...response,
          headers: { ...headers, 'cache-control': AUTHORIZED_ANSWER.cacheControl },
        } as HttpResponse;
      },
    };
  }
  return respondWith(await respond());
}

/** Tags a response (now or when authorized) with its kind, unless it already carries one. */
export function observed(outcome: AgentOutcome, kind: EndpointKind): AgentOutcome {
  const tag = (response: HttpResponse): HttpResponse => {
    response.observe ??= { kind };
    return response;
  };
  if (outcome.kind === 'respond') return respondWith(tag(outcome.response));
  if (outcome.kind === 'authorize') {
    const respond = outcome.respond;
    return {
      kind: 'authorize',
      respond: async () => tag(await respond()),
      metricsKind: outcome.metricsKind ?? kind,
    };
  }
  return outcome;
}
