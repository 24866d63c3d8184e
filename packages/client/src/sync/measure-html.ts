import { HttpClient } from '../http/http-client';
import { forEachConcurrently } from '../http/limit-concurrency';
import type { NaiveCost, SyncOptions } from './sync-report';
import type { SyncState } from './sync-state';

/**
 * Fetches every page's HTML as a naive crawler would (unconditionally, compression accepted,
 * bytes counted as received) on a client of its own, so the sync's counts stay apart, and
 * remembers each size for later runs' estimates.
 */
export async function measureHtml(
  urls: readonly string[],
  state: SyncState,
  options: SyncOptions,
  onDone: (done: number) => void,
): Promise<NaiveCost> {
  const concurrency = options.concurrency ?? 4;
  const client = new HttpClient({
    concurrency,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    maxBodyBytes: options.maxBodyBytes ?? 16 * 2 ** 20,
    userAgent: options.userAgent ?? 'agent-ready-sync',
    retry: options.retry ?? { maxRetries: 2, maxWaitMs: 60_000 },
  });
  let done = 0;
  try {
    await forEachConcurrently(urls, concurrency, async (url) => {
      try {
        const page = await client.request(url, {
          headers: {
            accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
            'accept-encoding': 'gzip, deflate, br',
          },
        });
        state.putHtmlSize(url, page.headerBytes + page.wireBodyBytes);
      } catch {
        // a page that cannot be fetched costs what was received; the comparison goes on
      }
      onDone(++done);
    });
  } finally {
    client.close();
  }
  return {
    requests: client.stats.requests,
    bytes: client.stats.bytesReceived,
    basis: 'html-measured',
  };
}

/** The naive cost without measuring: earlier HTML sizes when all are known, else a refetch. */
export function estimateNaiveCost(
  urls: readonly string[],
  state: SyncState,
  refetch: { requests: number; bytes: number },
): NaiveCost {
  let bytes = 0;
  for (const url of urls) {
    const size = state.htmlSize(url);
    if (size === undefined) return { ...refetch, basis: 'full-refetch' };
    bytes += size;
  }
  if (urls.length === 0) return { ...refetch, basis: 'full-refetch' };
  return { requests: urls.length, bytes, basis: 'html-measured-earlier' };
}
