import { HttpTransportError } from '../errors/client-errors';

/** `scheme://host[:port]` of an http(s) URL; throws a typed error for anything else. */
export function originOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HttpTransportError('client.http.url', `not an absolute URL: ${url}`, {
      field: 'url',
      value: url,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new HttpTransportError('client.http.url', `not an http(s) URL: ${url}`, {
      field: 'url',
      value: url,
    });
  }
  return parsed.origin;
}

/** Whether two URLs are on one origin (false when either is no http(s) URL). */
export function isSameOrigin(a: string, b: string): boolean {
  try {
    return originOf(a) === originOf(b);
  } catch {
    return false;
  }
}
