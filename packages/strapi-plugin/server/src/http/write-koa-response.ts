import { Readable } from 'node:stream';
import type { HttpResponse } from '@agent-ready/core/http';
import type { KoaContext } from './koa-context';

/** Statuses Koa sends without a body (it strips body headers itself). */
const BODYLESS_STATUSES = new Set([204, 205, 304]);
const NO_BYTES = Buffer.alloc(0);

/**
 * Puts a core HttpResponse on a Koa context exactly as built, so Strapi answers byte for byte
 * what the Express adapter answers: our status and headers (Vary merged with what CORS already
 * set), the stored bytes as a Buffer or a stream with their Content-Length. Koa adds no ETag and
 * evaluates no `ctx.fresh` on its own; `ctx.compress = false` keeps koa-compress
 * (`strapi::compression`) from re-encoding M-URLs and SCP files behind their strong validators.
 * A body-less answer other than HEAD/204/304 (405) gets an explicit empty body, or Koa would
 * write its status text.
 */
export function writeKoaResponse(ctx: KoaContext, response: HttpResponse): void {
  ctx.status = response.status;
  for (const [name, value] of Object.entries(response.headers)) {
    if (name.toLowerCase() === 'vary') {
      for (const member of value.split(',')) if (member.trim() !== '') ctx.vary(member.trim());
    } else ctx.set(name, value);
  }
  ctx.compress = false;
  if (response.stream) {
    ctx.body = Readable.from(response.stream());
  } else if (response.body) {
    ctx.body = response.body;
  } else if (ctx.method !== 'HEAD' && !BODYLESS_STATUSES.has(response.status)) {
    ctx.body = NO_BYTES;
    // Koa types a Buffer body as application/octet-stream; an empty answer has no type.
    if (!Object.keys(response.headers).some((name) => name.toLowerCase() === 'content-type')) {
      ctx.remove('Content-Type');
    }
  }
}
