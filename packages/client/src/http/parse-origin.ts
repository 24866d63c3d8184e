import { ClientOptionError } from '../errors/client-errors';

/** Whether `value` starts with a scheme (`http://`); an origin without one is https. */
export const hasScheme = (value: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(value);

/** `scheme://host[:port]` of an origin argument; a path, query or fragment is refused. */
export function parseOrigin(value: string, field = 'origin'): string {
  let url: URL;
  try {
    url = new URL(hasScheme(value) ? value : `https://${value}`);
  } catch {
    throw new ClientOptionError('client.origin', `not an origin: ${value}`, {
      field,
      value,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ClientOptionError('client.origin', 'the origin must be http or https', {
      field,
      value,
    });
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username)
    throw new ClientOptionError(
      'client.origin',
      'give an origin (scheme://host[:port]) without a path',
      {
        field,
        value,
      },
    );
  return url.origin;
}
