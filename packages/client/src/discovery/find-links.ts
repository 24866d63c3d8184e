import { parseLinkHeader } from '@agent-ready/core/http';
import type { HttpExchange } from '../http/http-client';
import { readHtmlLinks } from './read-html-links';

/** A discovery link, its target resolved against the response URL. */
export interface DiscoveredLink {
  href: string;
  rels: string[];
  type?: string;
  /** `header`: a `Link` field; `html`: a `<link>` element. */
  source: 'header' | 'html';
}

function resolve(href: string, base: string): string | undefined {
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

/** The media type without parameters, lower-cased. */
export function mediaTypeOf(value: string | undefined): string | undefined {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}

/** The `charset` parameter of a Content-Type, lower-cased. */
export function charsetOf(value: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(value ?? '');
  return match?.[1]?.toLowerCase();
}

/** Links of a response's `Link` fields. */
export function headerLinks(exchange: HttpExchange): DiscoveredLink[] {
  const value = exchange.headers.link;
  if (value === undefined) return [];
  return parseLinkHeader(value).flatMap((link) => {
    const href = resolve(link.href, exchange.url);
    if (href === undefined) return [];
    const type = link.params.type;
    return [{ href, rels: link.rels, ...(type ? { type } : {}), source: 'header' as const }];
  });
}

/** Links of an HTML response's `<head>` (none for other content types). */
export function htmlLinks(exchange: HttpExchange): DiscoveredLink[] {
  if (mediaTypeOf(exchange.headers['content-type']) !== 'text/html') return [];
  return readHtmlLinks(exchange.body.toString('utf8')).flatMap((link) => {
    const href = resolve(link.href, exchange.url);
    if (href === undefined) return [];
    return [
      {
        href,
        rels: link.rels,
        ...(link.type ? { type: link.type } : {}),
        source: 'html' as const,
      },
    ];
  });
}

/** Links with relation `rel` (and media type `type`, when given) among `links`. */
export function selectLinks(
  links: readonly DiscoveredLink[],
  rel: string,
  type?: string,
): DiscoveredLink[] {
  return links.filter(
    (link) => link.rels.includes(rel) && (type === undefined || mediaTypeOf(link.type) === type),
  );
}
