import type { NextFunction, Request, Response } from 'express';
import {
  appRobotsTxtOf,
  APP_ROBOTS_TXT_REPRESENTATION_FIELDS,
  APP_ROBOTS_TXT_REQUEST_FIELDS,
  writeNodeResponse,
  type AppRobotsTxt,
  type HttpResponse,
} from '@agent-ready/core';

/**
 * Lets the app answer `/robots.txt` as it always does (its static file, its route), captures
 * what it sends and sends instead what `compose` makes of it: the site's robots.txt composed onto
 * the app's (or the app's answer as it is: `as-is`, or `compose` gives nothing). The request goes
 * to the app as a GET without its conditional and range fields, so it answers with the whole
 * file; the composed answer has validators of its own (and no body for a HEAD).
 */
export function augmentRobotsTxt(
  req: Request,
  res: Response,
  next: NextFunction,
  compose: (own: Exclude<AppRobotsTxt, { kind: 'as-is' }>) => Promise<HttpResponse | undefined>,
): void {
  const chunks: Buffer[] = [];
  const originalWrite = res.write.bind(res);
  const originalEnd = res.end.bind(res);
  const saved = APP_ROBOTS_TXT_REQUEST_FIELDS.map((name) => [name, req.headers[name]] as const);
  for (const name of APP_ROBOTS_TXT_REQUEST_FIELDS) delete req.headers[name];
  // Asked as GET, so the app sends its bytes for a HEAD too (a static server sends none then).
  const method = req.method;
  req.method = 'GET';
  const restore = () => {
    res.write = originalWrite;
    res.end = originalEnd;
    req.method = method;
    for (const [name, value] of saved) if (value !== undefined) req.headers[name] = value;
  };
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(
          String(chunk),
          typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
        );
  res.write = ((chunk: unknown, encoding?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(toBuffer(chunk, encoding));
    return true;
  }) as Response['write'];
  res.end = ((chunk?: unknown, encoding?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(toBuffer(chunk, encoding));
    restore();
    const body = Buffer.concat(chunks);
    const own = appRobotsTxtOf(
      res.statusCode,
      res.getHeader('content-type') as string | undefined,
      body,
    );
    const asIs = () => originalEnd(req.method === 'HEAD' ? undefined : body);
    if (own.kind === 'as-is') {
      asIs();
      return res;
    }
    compose(own)
      .then(async (response) => {
        if (!response) {
          asIs();
          return;
        }
        // The app's bytes are replaced: so are the headers that described them.
        for (const header of APP_ROBOTS_TXT_REPRESENTATION_FIELDS) res.removeHeader(header);
        await writeNodeResponse(res, response);
      })
      .catch((error: unknown) => next(error));
    return res;
  }) as Response['end'];
  next();
}
