const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

/** Where a media file's `url`, as Strapi stores it, is public; undefined when unknown. */
export type MediaUrl = (url: string) => string | undefined;

/**
 * Where a media file's `url` (as Strapi stores it) is public: an absolute URL (an upload
 * provider's CDN) is kept, a protocol-relative one gets https; a relative one (`/uploads/…`,
 * served by Strapi itself) is made absolute on `baseUrl`, Strapi's public URL. Without a base
 * it has no known public URL (undefined): the front end's origin does not serve it.
 */
export function mediaUrlResolver(baseUrl: string | undefined): MediaUrl {
  const base = baseUrl?.replace(/\/+$/, '');
  return (url) => {
    const trimmed = url.trim();
    if (trimmed === '') return undefined;
    if (ABSOLUTE.test(trimmed)) return trimmed;
    if (trimmed.startsWith('//')) return `https:${trimmed}`;
    if (base === undefined) return undefined;
    return `${base}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`;
  };
}

/**
 * The base of relative media URLs: the `media.baseUrl` setting, else Strapi's `server.url` when
 * it is an absolute http(s) URL (its public address); else none.
 */
export function mediaBaseUrl(setting: string | undefined, serverUrl: unknown): string | undefined {
  if (setting) return setting;
  if (typeof serverUrl === 'string' && /^https?:\/\/[^/]/i.test(serverUrl)) return serverUrl;
  return undefined;
}
