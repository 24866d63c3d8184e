import { normalizeUri } from '@agent-ready/core';

/** The connection a request came on (a socket's local end). */
export interface LocalEnd {
  localAddress?: string | undefined;
  localPort?: number | undefined;
}

/**
 * Whether a browser page of `origin` may call the MCP endpoint (DNS rebinding: a page of another
 * origin must not reach this server through a browser). Allowed: the site's own origin, one
 * configured (`allowedOrigins`, the app server's own: in `extra`, each through `originOf`), and loopback to loopback: a page of
 * `http://localhost:<port>` calling over loopback on that same port is a page this server
 * served (the MCP Inspector and the conformance suite call so). A rebinding attack's page has
 * the attacker's host name as its origin, never a loopback one.
 */
export function isAllowedOrigin(
  origin: string,
  siteOrigin: string,
  extra: ReadonlySet<string>,
  local: LocalEnd | undefined,
): boolean {
  const normalized = originOf(origin);
  if (normalized === originOf(siteOrigin) || extra.has(normalized)) return true;
  return local !== undefined && isLoopbackToLoopback(origin, local);
}

/** An origin as the allow list keeps it (normalized, RFC 3986); the text itself if not a URL. */
export function originOf(url: string): string {
  try {
    return normalizeUri(new URL(url).origin);
  } catch {
    return url;
  }
}

function isLoopbackToLoopback(origin: string, local: LocalEnd): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return (
    isLoopbackHost(url.hostname) &&
    port === local.localPort &&
    local.localAddress !== undefined &&
    isLoopbackAddress(local.localAddress)
  );
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || isLoopbackAddress(hostname);
}

/** 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (a dual-stack socket's view). */
function isLoopbackAddress(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
