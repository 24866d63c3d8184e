import { ValidationError } from '../errors';
import { normalizeUri } from '../uri';

/**
 * How an M-URL is derived from its C-URL. The default appends `llm.json` to the C-URL's
 * directory-style path (`/blog/post/` → `/blog/post/llm.json`, `/` → `/llm.json`); `suffix`
 * changes the last segment (e.g. `llm/` gives the WordPress plugin's `/blog/post/llm/`).
 */
export interface MUrlScheme {
  suffix: string;
}

export const DEFAULT_M_URL_SCHEME: MUrlScheme = { suffix: 'llm.json' };

const SUFFIX = /^[A-Za-z0-9._~-]+\/?$/;

export function assertMUrlScheme(scheme: MUrlScheme): MUrlScheme {
  if (!SUFFIX.test(scheme.suffix) || scheme.suffix === '.' || scheme.suffix.startsWith('..')) {
    throw new ValidationError('tct.m-url-suffix', 'the M-URL suffix must be one path segment', {
      field: 'mUrl.suffix',
      value: scheme.suffix,
    });
  }
  return scheme;
}

const ABSOLUTE_URI = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/;

/** The M-URL for a C-URL. C-URLs with a query or fragment have no M-URL (content pages only). */
export function mUrlFor(cUrl: string, scheme: MUrlScheme = DEFAULT_M_URL_SCHEME): string {
  const normalized = normalizeUri(cUrl);
  const match = ABSOLUTE_URI.exec(normalized);
  if (!match) {
    throw new ValidationError('tct.c-url', 'a C-URL must be an absolute URL with an authority', {
      field: 'cUrl',
      value: cUrl,
    });
  }
  const [, origin, path, query, fragment] = match;
  if (query !== undefined || fragment !== undefined) {
    throw new ValidationError('tct.c-url-query', 'a C-URL with a query or fragment has no M-URL', {
      field: 'cUrl',
      value: cUrl,
      rule: 'docs/protocols.md#tct-content-pages',
    });
  }
  const directory = path!.endsWith('/') ? path! : `${path}/`;
  return normalizeUri(`${origin}${directory}${scheme.suffix}`);
}
