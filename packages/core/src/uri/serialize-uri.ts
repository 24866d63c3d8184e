import type { UriAuthority, UriComponents } from './uri-components';

export function serializeAuthority(authority: UriAuthority): string {
  let text = authority.userinfo === undefined ? '' : `${authority.userinfo}@`;
  text +=
    authority.hostKind === 'ipv6' || authority.hostKind === 'ipv-future'
      ? `[${authority.host}]`
      : authority.host;
  if (authority.port !== undefined) text += `:${authority.port}`;
  return text;
}

/**
 * RFC 3986 §5.3 component recomposition, with the two guards the RFC leaves to the writer so the
 * result reads back as the same components: a path starting with `//` and no authority is
 * written `/.//…` (otherwise it would read as an authority), and a relative reference whose
 * first segment has a `:` is written `./…` (otherwise it would read as a scheme, §4.2).
 */
export function serializeUri(components: UriComponents): string {
  let text = components.scheme === undefined ? '' : `${components.scheme}:`;
  let path = components.path;
  if (components.authority !== undefined) {
    text += `//${serializeAuthority(components.authority)}`;
    if (path !== '' && !path.startsWith('/')) path = `/${path}`;
  } else if (path.startsWith('//')) {
    path = `/.${path}`;
  } else if (components.scheme === undefined) {
    const slash = path.indexOf('/');
    const colon = path.indexOf(':');
    if (colon >= 0 && (slash < 0 || colon < slash)) path = `./${path}`;
  }
  text += path;
  if (components.query !== undefined) text += `?${components.query}`;
  if (components.fragment !== undefined) text += `#${components.fragment}`;
  return text;
}
