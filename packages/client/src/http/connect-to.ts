/**
 * Where a request for `url` is sent: `url` itself, or, for a URL on `connectTo.origin`, the same
 * path and query on `connectTo.via` (as curl's `--connect-to` does). The exchange keeps the
 * public URL; only the connection goes elsewhere. The Strapi plugin's Check now validates the
 * site under its public URLs through Strapi's own address this way.
 */
export interface ConnectTo {
  /** The public origin whose URLs are redirected, `https://example.com`. */
  origin: string;
  /** The origin that answers them, `http://127.0.0.1:1337`. */
  via: string;
}

export function connectUrl(url: URL, connectTo: ConnectTo | undefined): URL {
  if (!connectTo || url.origin !== connectTo.origin) return url;
  return new URL(`${url.pathname}${url.search}`, connectTo.via);
}
