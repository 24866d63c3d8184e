import { parseDictionary, parseItem, Token } from 'structured-headers';

const WEB_BOT_AUTH_TAG = 'web-bot-auth';

export type SignatureAgentField = { url: string } | { error: string };

/** A member value as a URL string: an sf-string, or a token (agents that send a bare URL). */
function urlOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof Token) return value.toString();
  return undefined;
}

/** Labels of the `web-bot-auth` signatures in Signature-Input, in order. */
function webBotAuthLabels(signatureInput: string | undefined): string[] {
  if (!signatureInput) return [];
  try {
    return [...parseDictionary(signatureInput)]
      .filter(([, [, params]]) => params.get('tag') === WEB_BOT_AUTH_TAG)
      .map(([label]) => label);
  } catch {
    return [];
  }
}

/**
 * The agent URL a `Signature-Agent` field names for the request's `web-bot-auth` signature, parsed
 * as an RFC 9651 structured field. Accepted forms: an sf-string Item (`"https://agent.example"`,
 * the early drafts), a Dictionary keyed by signature label (`sig1="https://agent.example"`, the
 * current drafts: the member whose key is the web-bot-auth signature's label, or the only member),
 * and a bare URL (a token), which agents still send.
 */
export function readSignatureAgent(
  field: string | undefined,
  signatureInput: string | undefined,
): SignatureAgentField {
  const value = field?.trim();
  if (!value) return { error: 'no Signature-Agent header' };
  try {
    const url = urlOf(parseItem(value)[0]);
    if (url !== undefined) return { url };
  } catch {
    // not an Item: a Dictionary, below
  }
  let members: Map<string, string>;
  try {
    members = new Map(
      [...parseDictionary(value)].flatMap(([key, [member]]) => {
        const url = urlOf(member);
        return url === undefined ? [] : [[key, url] as const];
      }),
    );
  } catch {
    return { error: 'Signature-Agent is not a structured field (RFC 9651)' };
  }
  for (const label of webBotAuthLabels(signatureInput)) {
    const url = members.get(label);
    if (url !== undefined) return { url };
  }
  if (members.size === 1) return { url: [...members.values()][0]! };
  return { error: "Signature-Agent names no URL for the web-bot-auth signature's label" };
}
