/**
 * A URI reference split into its RFC 3986 §3 components. `undefined` means the component (and
 * its delimiter) is absent; `''` means the delimiter is present with nothing after it, which is
 * significant (`http://a/?` is not `http://a/`, RFC 3986 §6.2.3).
 */
export interface UriComponents {
  /** Without the trailing `:`; absent for a relative reference. */
  scheme?: string;
  /** Present exactly when the reference has `//`. */
  authority?: UriAuthority;
  /** Always present, possibly empty. */
  path: string;
  /** Without the leading `?`. */
  query?: string;
  /** Without the leading `#`. */
  fragment?: string;
}

/**
 * `reg-name` includes everything RFC 3986 §3.2.2 does not read as an IP address: `1.2.3.999` and
 * `0x7f.1` are registered names here (unlike WHATWG URL, which reads numbers into IPv4).
 */
export type UriHostKind = 'reg-name' | 'ipv4' | 'ipv6' | 'ipv-future';

export interface UriAuthority {
  /** Without the trailing `@`. */
  userinfo?: string;
  /**
   * The host text, without the brackets of an IP-literal. An IPv6 zone (RFC 6874) stays in it,
   * still encoded: `fe80::1%25eth0`.
   */
  host: string;
  hostKind: UriHostKind;
  /** The digits after `:`; `''` for a bare `:`. */
  port?: string;
}
