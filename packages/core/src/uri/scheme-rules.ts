/**
 * What RFC 3986 §6.2.3 scheme-based normalization may rely on, per scheme. Only schemes whose
 * specifications license the rules are listed: http/https (RFC 9110 §4.2: default port, empty
 * path equals "/", host is a DNS name or IP address), ws/wss, which RFC 6455 §3 defines the
 * same way, and ftp (RFC 1738 §3.2: port 21 by default, an omitted path is the root; the WHATWG
 * URL standard's special schemes are these five and `file`, which has no port). Every other
 * scheme gets syntax-based normalization only: gopher, telnet, ldap and the like have default
 * ports too, but no agent-ready output names them and their path rules differ.
 */
export interface SchemeRules {
  defaultPort: string;
}

const SCHEME_RULES: ReadonlyMap<string, SchemeRules> = new Map([
  ['http', { defaultPort: '80' }],
  ['https', { defaultPort: '443' }],
  ['ws', { defaultPort: '80' }],
  ['wss', { defaultPort: '443' }],
  ['ftp', { defaultPort: '21' }],
]);

/** The rules for a lowercase scheme, or `undefined` when it has none. */
export function schemeRules(scheme: string): SchemeRules | undefined {
  return SCHEME_RULES.get(scheme);
}
