import { parseHttpDate } from '@agent-ready/core/http';
import { StoreError } from '../ground/store-errors';

/**
 * Tells one shared cache to drop what it stored under some cache tags (surrogate keys). Every
 * purger sends at most `maxKeysPerRequest` keys per request (the cache's documented limit) and
 * splits a bigger set itself; `purge` resolves once every request was accepted, or throws a
 * PurgeError saying whether a later try may succeed.
 */
export interface Purger {
  /** `varnish`, `fastly`, `cloudflare`, `webhook`: for logs and the admin view. */
  readonly name: string;
  readonly maxKeysPerRequest: number;
  purge(keys: readonly string[], options?: { soft?: boolean }): Promise<void>;
}

/**
 * A purge the cache did not accept. `retryable`: a network failure, a timeout, 429 or 5xx (the
 * delivery tries again, not before `retryAfterMs` when the cache said so). Otherwise (another
 * 4xx: a wrong token, a zone that does not exist) trying again changes nothing until someone
 * fixes the settings; the message carries the cache's own words.
 */
export class PurgeError extends StoreError {
  readonly purger: string;
  readonly retryable: boolean;
  readonly status?: number;
  readonly retryAfterMs?: number;

  constructor(
    purger: string,
    message: string,
    details: { retryable: boolean; status?: number; retryAfterMs?: number; cause?: unknown },
  ) {
    super(details.retryable ? 'store.purge.retryable' : 'store.purge.failed', message, {
      ...(details.cause === undefined ? {} : { cause: details.cause }),
    });
    this.purger = purger;
    this.retryable = details.retryable;
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

/** Cache tags as agent-ready forms them: ASCII `[a-z0-9-]`, no spaces or commas, at most 128. */
export const CACHE_TAG = /^[a-z0-9-]{1,128}$/;

/** `Retry-After` in milliseconds: delay-seconds or an HTTP-date; undefined when absent or bad. */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = parseHttpDate(text);
  return date === undefined ? undefined : Math.max(0, date.getTime() - now);
}

/**
 * `keys` in batches of at most `maxKeys`, and (when given) whose keys joined by one separator
 * take at most `maxBytes`: a header has a size limit as well as a body.
 */
export function batchKeys(
  keys: readonly string[],
  limits: { maxKeys: number; maxBytes?: number },
): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    const added = (batch.length === 0 ? 0 : 1) + key.length;
    if (
      batch.length > 0 &&
      (batch.length >= limits.maxKeys ||
        (limits.maxBytes !== undefined && bytes + added > limits.maxBytes))
    ) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    bytes += batch.length === 0 ? key.length : key.length + 1;
    batch.push(key);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

const MAX_ERROR_TEXT = 500;

/**
 * Errors of a connection the cache closed while it sat idle in fetch's keep-alive pool (Varnish
 * closes idle client connections after `timeout_idle`, 5 s by default): the request never
 * reached the cache, and fetch drops that socket, so sending it again opens a fresh connection.
 */
const CLOSED_CONNECTION_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * One purge request with Node's fetch, its outcome classified: a network failure or timeout,
 * 429 and 5xx are retryable (with the response's `Retry-After`), other non-2xx statuses are not
 * and carry the response text. A connection found closed is tried once more at once (a purge
 * is idempotent), so an idle pool does not turn a healthy cache into a failed purge and a
 * delayed retry. Resolves with the response body of a 2xx.
 */
export async function sendPurgeRequest(
  purger: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<string> {
  let response: Response;
  const signal = AbortSignal.timeout(init.timeoutMs);
  const send = () =>
    fetch(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body === undefined ? {} : { body: init.body }),
      signal,
      redirect: 'manual',
    });
  try {
    response = await send().catch((error: unknown) => {
      if (!CLOSED_CONNECTION_CODES.has(causeCode(error) ?? '')) throw error;
      return send();
    });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'failed';
    throw new PurgeError(
      purger,
      `${purger} purge: ${init.method} ${url} ${reason}: ${describe(error)}`,
      {
        retryable: true,
        cause: error,
      },
    );
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 200 && response.status < 300) return text;
  const retryable = response.status === 429 || response.status >= 500;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const excerpt = text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
  throw new PurgeError(
    purger,
    `${purger} purge: ${init.method} ${url} answered ${response.status}${excerpt ? `: ${excerpt.trim()}` : ''}`,
    {
      retryable,
      status: response.status,
      ...(retryable && retryAfterMs !== undefined ? { retryAfterMs } : {}),
    },
  );
}

function causeCode(error: unknown): string | undefined {
  return (error as { cause?: { code?: string } }).cause?.code;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
