import type { DiscoveredLink } from '../discovery/find-links';
import type { HttpClient, HttpExchange, HttpRequestInit } from '../http/http-client';
import type { CheckRecorder } from './check-recorder';

/** What every check module of one validation run shares. */
export interface ValidationContext {
  /** `scheme://host[:port]` being validated; nothing outside it is requested. */
  origin: string;
  client: HttpClient;
  rec: CheckRecorder;
  /** How many listed documents to check in depth; `Infinity` with `--all`. */
  sample: number;
  /** Documents checked side by side (the client bounds requests in flight on its own). */
  concurrency: number;
  /** HTML pages seen (root, sampled C-URLs), for the llms.txt link-relation checks. */
  pages: HttpExchange[];
  /** Every discovery link seen, to tell "absent" from "advertised but broken". */
  links: DiscoveredLink[];
  /** `read`: the root's redirect is not followed, the 3xx is read (`ValidateSiteOptions`). */
  rootRedirect?: 'read';
  /** Why C-URLs are not fetched (`ValidateSiteOptions.pagesElsewhere`); unset: they are. */
  pagesElsewhere?: string;
  /** Requests made once and read by more than one step (profile detection, then the checks). */
  fetched?: Map<string, Promise<HttpExchange>>;
}

/**
 * `fetch()` once per `key` in a run: profile detection reads the root and the first sitemap,
 * and the checks read the same exchanges (or meet the same transport error) without asking again.
 */
export function fetchOnce(
  ctx: ValidationContext,
  key: string,
  fetch: () => Promise<HttpExchange>,
): Promise<HttpExchange> {
  ctx.fetched ??= new Map();
  let pending = ctx.fetched.get(key);
  if (pending === undefined) {
    pending = fetch();
    // Whoever reads it handles the error; an unread rejection must not go unhandled.
    pending.catch(() => undefined);
    ctx.fetched.set(key, pending);
  }
  return pending;
}

/**
 * A GET as a validator sends it: `Accept-Encoding: identity` unless the probe says otherwise,
 * so that a response's bytes are what the ETag and digests describe.
 */
export function fetchIdentity(
  ctx: ValidationContext,
  url: string,
  headers: Record<string, string> = {},
  init: HttpRequestInit = {},
): Promise<HttpExchange> {
  return ctx.client.request(url, {
    ...init,
    headers: { 'accept-encoding': 'identity', ...headers },
  });
}

/** Whether `url` is on the validated origin (other origins are never requested). */
export function onOrigin(ctx: ValidationContext, url: string): boolean {
  try {
    return new URL(url).origin === ctx.origin;
  } catch {
    return false;
  }
}

/** Up to `count` items spread evenly from first to last (all of them when count covers them). */
export function sampleEvenly<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  if (count <= 0) return [];
  if (count === 1) return [items[0]!];
  const picked = new Set<number>();
  for (let i = 0; i < count; i++) picked.add(Math.round((i * (items.length - 1)) / (count - 1)));
  return [...picked].sort((a, b) => a - b).map((i) => items[i]!);
}

export function describeBytes(bytes: Buffer, at: number): string {
  const slice = bytes.subarray(Math.max(0, at - 20), at + 20).toString('utf8');
  return JSON.stringify(slice);
}
