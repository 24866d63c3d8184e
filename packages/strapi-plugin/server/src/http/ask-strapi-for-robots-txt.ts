import { Readable } from 'node:stream';
import {
  appRobotsTxtOf,
  APP_ROBOTS_TXT_REPRESENTATION_FIELDS,
  APP_ROBOTS_TXT_REQUEST_FIELDS,
  type AppRobotsTxt,
} from '@agent-ready/core/serve';
import type { KoaContext, KoaNext } from './koa-context';

/** Past RFC 9309's 500 KiB, crawlers may stop reading: a bigger file is left as it is. */
const MAX_ROBOTS_TXT_BYTES = 500 * 1024;

/** The bytes of a Koa body as Strapi's middlewares left it (a file stream from `public/`…). */
async function bytesOf(body: unknown): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }
  return undefined;
}

/**
 * Lets Strapi answer `/robots.txt` as it would without the plugin (`public/robots.txt` through
 * its `strapi::public` route, or a route of the app's) and reads what it answered, as a GET
 * without conditional or range fields, so it is the whole file. `as-is` answers stay on the
 * context as Strapi made them; the others are to be replaced (their representation fields are
 * removed from the context already).
 */
export async function askStrapiForRobotsTxt(ctx: KoaContext, next: KoaNext): Promise<AppRobotsTxt> {
  const saved = APP_ROBOTS_TXT_REQUEST_FIELDS.map((name) => [name, ctx.headers[name]] as const);
  for (const name of APP_ROBOTS_TXT_REQUEST_FIELDS) delete ctx.headers[name];
  try {
    await next();
  } catch (error) {
    // Strapi's router throws its 404 when nothing answers: no robots.txt of the app's.
    if ((error as { status?: number }).status !== 404) throw error;
    ctx.status = 404;
  } finally {
    for (const [name, value] of saved) if (value !== undefined) ctx.headers[name] = value;
  }
  const body = await bytesOf(ctx.body);
  // Something that is no file (a JSON answer): not a robots.txt.
  if (body === undefined) return { kind: 'none' };
  const own =
    body.length > MAX_ROBOTS_TXT_BYTES
      ? ({ kind: 'as-is' } as const)
      : appRobotsTxtOf(ctx.status, ctx.get('Content-Type') || undefined, body);
  if (own.kind === 'as-is') {
    // The stream is read: its bytes go out as they were.
    const status = ctx.status;
    ctx.body = body;
    ctx.status = status;
    return own;
  }
  ctx.body = null;
  for (const name of APP_ROBOTS_TXT_REPRESENTATION_FIELDS) ctx.remove(name);
  return own;
}
