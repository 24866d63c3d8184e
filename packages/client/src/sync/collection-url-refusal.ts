import { isIP } from 'node:net';

/** Other origins one run follows collections to, at most (object storage, a CDN or two). */
export const MAX_COLLECTION_ORIGINS = 4;

function privateOrLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  if (family === 4) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (family === 6) {
    return (
      host === '::1' ||
      host === '::' ||
      /^f[cd]/.test(host) ||
      /^fe[89ab]/.test(host) ||
      /^::ffff:/.test(host)
    );
  }
  return false;
}

/**
 * Whether a collection URL the site's sitemap.xml advertises may be fetched, and why not. SCP
 * collections may live on another origin (object storage or a CDN, at the site's public base
 * URL for them); they are followed there with the same budgets and caps as on the site, and
 * the client never has credentials to forward. What is refused: anything but http(s), a URL
 * carrying a user name or password, an origin outside `allowedOrigins` when that list is given,
 * plain http from an https site, a loopback or private address literal (or `localhost`) unless
 * the site itself is on one (a hostile sitemap cannot turn the client on the machine's own
 * network), and more than `MAX_COLLECTION_ORIGINS` other origins in one run.
 */
export function collectionUrlRefusal(
  url: string,
  siteOrigin: string,
  followed: Set<string>,
  allowedOrigins?: readonly string[],
): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'not an http(s) URL';
  if (parsed.username || parsed.password) return 'carries credentials in the URL';
  if (parsed.origin === siteOrigin) return undefined;
  if (allowedOrigins && !allowedOrigins.includes(parsed.origin))
    return `another origin (${parsed.origin}) that collectionOrigins does not list`;
  const site = new URL(siteOrigin);
  if (site.protocol === 'https:' && parsed.protocol === 'http:')
    return 'plain http from an https site';
  if (privateOrLoopback(parsed.hostname) && !privateOrLoopback(site.hostname))
    return `a loopback or private address (${parsed.hostname}) the site is not on`;
  if (!followed.has(parsed.origin)) {
    if (followed.size >= MAX_COLLECTION_ORIGINS)
      return `more than ${MAX_COLLECTION_ORIGINS} other origins`;
    followed.add(parsed.origin);
  }
  return undefined;
}
