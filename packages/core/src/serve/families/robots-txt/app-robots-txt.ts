/**
 * What an app answered at `/robots.txt`, read as RFC 9309 §2.3.1 reads it, for the adapters that
 * ask the app first and compose the site's robots.txt onto its own.
 */
export type AppRobotsTxt =
  /** A robots.txt (200, plain text): its text. */
  | { kind: 'file'; text: string }
  /** None: a 4xx ("unavailable": crawl everything), or a page that is no robots.txt (an HTML catch-all). */
  | { kind: 'none' }
  /** Left as it is: an error (5xx: crawlers take everything as disallowed) or a redirect. */
  | { kind: 'as-is' };

/** Request fields that would make the app answer a part or a 304 instead of its robots.txt. */
export const APP_ROBOTS_TXT_REQUEST_FIELDS: readonly string[] = [
  'if-none-match',
  'if-modified-since',
  'if-range',
  'range',
];

/** Fields that describe the app's bytes: the composed answer replaces them with its own. */
export const APP_ROBOTS_TXT_REPRESENTATION_FIELDS: readonly string[] = [
  'etag',
  'last-modified',
  'content-length',
  'content-encoding',
  'content-type',
  'content-range',
  'accept-ranges',
  'cache-control',
];

/** How the app's answer counts (see `AppRobotsTxt`). */
export function appRobotsTxtOf(
  status: number,
  contentType: string | undefined,
  body: Buffer,
): AppRobotsTxt {
  if (status >= 500 || (status >= 300 && status < 400)) return { kind: 'as-is' };
  if (status !== 200) return { kind: 'none' };
  const type = (contentType ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/plain') return { kind: 'none' };
  return { kind: 'file', text: body.toString('utf8') };
}
