import { ClientOptionError } from '../errors/client-errors';
import { hasScheme, parseOrigin } from './parse-origin';

/**
 * Where the requests for one origin's URLs are sent, as curl's `--connect-to` does: the
 * connection goes to `via`, while the request stays the public one (its URL in every report, its
 * `Host`, and the name TLS checks when `via` is https). A site whose public origin is not live
 * yet is checked through a local server this way (`agent-ready validate --connect-to`), and the
 * Strapi plugin's Check now validates its endpoints under their public URLs through Strapi's own
 * address.
 */
export interface ConnectTo {
  /** The public origin whose URLs are redirected, `https://example.com`. */
  origin: string;
  /** The origin that answers them, `http://127.0.0.1:1337`. */
  via: string;
}

/**
 * One `--connect-to` value: `PUBLIC=LOCAL` (`https://example.com=http://127.0.0.1:3000`), or
 * `LOCAL` alone for `origin`, the origin being checked. A LOCAL without a scheme keeps the public
 * one (`example.com=127.0.0.1:8443`), as curl does.
 */
export function parseConnectTo(value: string, origin: string): ConnectTo {
  const parts = value.split('=');
  if (parts.length > 2 || parts.some((part) => part.trim() === ''))
    throw new ClientOptionError(
      'client.connect-to',
      `not PUBLIC=LOCAL (or LOCAL for ${origin}): ${value}`,
      { field: 'connectTo', value },
    );
  const [first, second] = parts.map((part) => part.trim()) as [string, string | undefined];
  const publicOrigin = second === undefined ? parseOrigin(origin) : parseOrigin(first, 'connectTo');
  const local = second ?? first;
  const scheme = new URL(publicOrigin).protocol;
  return {
    origin: publicOrigin,
    via: parseOrigin(hasScheme(local) ? local : `${scheme}//${local}`, 'connectTo'),
  };
}

/**
 * Every `--connect-to` value parsed (`parseConnectTo`); an origin given twice is refused, since
 * its requests could go to only one server.
 */
export function parseConnectToList(values: readonly string[], origin: string): ConnectTo[] {
  const list = values.map((value) => parseConnectTo(value, origin));
  const seen = new Set<string>();
  for (const { origin: mapped } of list) {
    if (seen.has(mapped))
      throw new ClientOptionError(
        'client.connect-to',
        `${mapped} is sent to two servers: give one --connect-to per public origin`,
        { field: 'connectTo', value: values },
      );
    seen.add(mapped);
  }
  return list;
}

/**
 * Where a request for `url` is sent: for a URL on a connected origin, the same path and query on
 * its `via`; otherwise `url` itself (the same object).
 */
export function connectUrl(url: URL, connectTo: ConnectTo | readonly ConnectTo[] | undefined): URL {
  const list: readonly ConnectTo[] = connectTo === undefined ? [] : [connectTo].flat();
  const match = list.find((mapping) => mapping.origin === url.origin);
  return match ? new URL(`${url.pathname}${url.search}`, match.via) : url;
}
