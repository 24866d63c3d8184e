import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HttpResponse } from '@agent-ready/core';

/** Merges our Vary members into one the app (e.g. CORS) may already have set. */
function mergeVary(existing: string | number | string[] | undefined, ours: string): string {
  const members = new Map<string, string>();
  for (const value of [existing, ours].flat()) {
    if (value === undefined) continue;
    for (const member of String(value).split(',')) {
      const trimmed = member.trim();
      if (trimmed !== '') members.set(trimmed.toLowerCase(), trimmed);
    }
  }
  return members.has('*') ? '*' : [...members.values()].join(', ');
}

function headersFor(res: ServerResponse, response: HttpResponse): Record<string, string> {
  const existingVary = res.getHeader('vary');
  return existingVary !== undefined && response.headers.vary !== undefined
    ? { ...response.headers, vary: mergeVary(existingVary, response.headers.vary) }
    : response.headers;
}

/** A response whose body is in memory (or absent): one writeHead, one end, no await. */
export function writeBufferedResponse(res: ServerResponse, response: HttpResponse): void {
  res.writeHead(response.status, headersFor(res, response));
  res.end(response.body);
}

/**
 * Sends a core HttpResponse on a Node response exactly as built: no Express `res.send` (which
 * would add its own weak ETag and run `fresh`), an explicit Content-Length, the body streamed
 * when it is a large stored artifact.
 */
export async function writeHttpResponse(
  res: ServerResponse,
  response: HttpResponse,
): Promise<void> {
  if (!response.stream) {
    writeBufferedResponse(res, response);
    return;
  }
  res.writeHead(response.status, headersFor(res, response));
  await pipeline(Readable.from(response.stream()), res);
}
