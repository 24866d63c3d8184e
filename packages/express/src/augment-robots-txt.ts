import type { NextFunction, Request, Response } from 'express';
import { NO_SNIFF } from '@agent-ready/core/serve';

/**
 * Lets the app answer `/robots.txt` as it always does, captures what it sends, and hands it to
 * `compose` (which keeps it byte for byte and appends the agent lines). An app with no
 * robots.txt (any non-200) is treated as having no rules.
 */
export function augmentRobotsTxt(
  req: Request,
  res: Response,
  next: NextFunction,
  compose: (rules: string) => Promise<string>,
): void {
  const chunks: Buffer[] = [];
  const originalWrite = res.write.bind(res);
  const originalEnd = res.end.bind(res);
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
    res.write = originalWrite;
    res.end = originalEnd;
    const rules = res.statusCode === 200 ? Buffer.concat(chunks).toString('utf8') : '';
    compose(rules)
      .then((text) => {
        const body = Buffer.from(text, 'utf8');
        res.statusCode = 200;
        for (const header of ['etag', 'content-length', 'content-encoding', 'last-modified'])
          res.removeHeader(header);
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Content-Length', String(body.length));
        for (const [name, value] of Object.entries(NO_SNIFF)) res.setHeader(name, value);
        originalEnd(req.method === 'HEAD' ? undefined : body);
      })
      .catch((error: unknown) => next(error));
    return res;
  }) as Response['end'];
  next();
}
