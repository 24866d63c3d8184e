/**
 * What RFC 3986 §6.2.3 scheme-based normalization may rely on, per scheme. Only schemes whose
 * specifications license the rules are listed: http/https (RFC 9110 §4.2: default port, empty
 * path equals "/", host is a DNS name or IP address) and ws/wss, which RFC 6455 §3 defines the
 * same way. Every other scheme gets syntax-based normalization only.
 */
export interface SchemeRules {
  defaultPort: string;
}

const SCHEME_RULES: ReadonlyMap<string, SchemeRules> = new Map([
  ['http', { defaultPort: '80' }],
  ['https', { defaultPort: '443' }],
  ['ws', { defaultPort: '80' }],
  ['wss', { defaultPort: '443' }],
]);

/** The rules for a lowercase scheme, or `undefined` when it has none. */
export function schemeRules(scheme: string): SchemeRules | undefined {
  return SCHEME_RULES.get(scheme);
}
