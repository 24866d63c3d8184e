import { SAFE_METHODS_ALLOW } from '../http/evaluate-conditional';
import type { HttpResponse, ResponseHeaders } from '../http/served-resource';
import { ERROR_ANSWERS, PROBLEM_ANSWER, REDIRECT_ANSWER } from './families/answer-policies';
import { NO_SNIFF } from './families/header-policy';

/**
 * Every answer an agent endpoint gives without a representation of what was asked, in one place:
 * the statuses, their text and their caching, so every family and every adapter answers a 404
 * (or a 400, 401, 405, 406, 410, 429, 503) with the same bytes.
 */
export type ErrorStatus = 400 | 401 | 404 | 405 | 406 | 410 | 429 | 503;

const STATUS_TEXT: Record<Exclude<ErrorStatus, 405>, string> = {
  400: 'Bad Request',
  // The one 401 agent-ready sends: Web Bot Auth refusing a failing signature (`gate: true`).
  401: 'Signature not verified',
  404: 'Not Found',
  406: 'Not Acceptable',
  410: 'Gone',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** The headers of each error beside its text: its caching (answer-policies) and `Retry-After`. */
const STATUS_HEADERS: Record<Exclude<ErrorStatus, 405>, ResponseHeaders> = {
  400: { 'cache-control': ERROR_ANSWERS[400].cacheControl },
  401: { 'cache-control': ERROR_ANSWERS[401].cacheControl },
  404: { 'cache-control': ERROR_ANSWERS[404].cacheControl },
  406: { 'cache-control': ERROR_ANSWERS[406].cacheControl },
  410: { 'cache-control': ERROR_ANSWERS[410].cacheControl },
  // Its `Retry-After` is the client's own: set by `tooManyRequestsResponse`.
  429: { 'cache-control': ERROR_ANSWERS[429].cacheControl },
  503: { 'retry-after': '5', 'cache-control': ERROR_ANSWERS[503].cacheControl },
};

function isHead(method: string): boolean {
  return method.toUpperCase() === 'HEAD';
}

function plainText(
  method: string,
  status: number,
  text: string,
  headers: ResponseHeaders,
): HttpResponse {
  const body = Buffer.from(`${text}\n`, 'utf8');
  return {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(body.length),
      ...NO_SNIFF,
      ...headers,
    },
    ...(isHead(method) ? {} : { body }),
  };
}

/**
 * The answer for `status`: its reason phrase as plain text (`detail` after a colon), or for a 405
 * no body and `Allow: GET, HEAD` (every agent endpoint is read-only). `headers` add to it
 * (`Vary` on a negotiated 406).
 */
export function errorResponse(
  method: string,
  status: ErrorStatus,
  options: { detail?: string; headers?: ResponseHeaders } = {},
): HttpResponse {
  if (status === 405)
    return { status, headers: { allow: SAFE_METHODS_ALLOW, 'content-length': '0' } };
  const text = options.detail ? `${STATUS_TEXT[status]}: ${options.detail}` : STATUS_TEXT[status];
  return plainText(method, status, text, { ...STATUS_HEADERS[status], ...options.headers });
}

/**
 * The store cannot answer (database down, the writer's tables not there yet): 503, retry soon,
 * never cached. Every adapter answers this, whatever endpoint was asked.
 */
export function serviceUnavailableResponse(method: string): HttpResponse {
  return errorResponse(method, 503);
}

/**
 * A client over its `rateLimit` budget: 429, and `Retry-After` in whole seconds until its window
 * starts again (at least 1). Never cached: the budget is one client's.
 */
export function tooManyRequestsResponse(method: string, retryAfterSeconds: number): HttpResponse {
  return errorResponse(method, 429, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

/**
 * Absent, or a protected document with no access check to run (an adapter without `authorize`):
 * answered exactly as an absent one, so its existence does not leak.
 */
export function notFoundResponse(method: string): HttpResponse {
  return errorResponse(method, 404);
}

/** A request method other than GET and HEAD. */
export function methodNotAllowedResponse(): HttpResponse {
  return errorResponse('GET', 405);
}

/**
 * An error a client can act on, as JSON (the change feed's `invalid-cursor` and
 * `cursor-expired`): what went wrong, and where to start over.
 */
export function jsonProblemResponse(
  method: string,
  status: 400 | 410,
  problem: Record<string, string>,
  headers: ResponseHeaders = {},
): HttpResponse {
  const body = Buffer.from(`${JSON.stringify(problem)}\n`);
  return {
    status,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'cache-control': PROBLEM_ANSWER.cacheControl,
      ...NO_SNIFF,
      ...headers,
    },
    ...(isHead(method) ? {} : { body }),
  };
}

/** A permanent redirect to another form of the same page's URL (not an error, but as plain). */
export function movedPermanentlyResponse(method: string, location: string): HttpResponse {
  return plainText(method, 301, `Moved Permanently: ${location}`, {
    'cache-control': REDIRECT_ANSWER.cacheControl,
    location,
  });
}
