import type { HttpResponse } from '../http/served-resource';
import { classifyAgent, VERIFIED_FAMILY_PREFIX } from '../metrics/classify-agent';
import type { AgentSiteOptions } from '../serve/agent-site-options';
import { errorResponse } from '../serve/error-responses';
import { createBotVerifier, type SignedRequest } from './verify-signature-agent';

export { VERIFIED_FAMILY_PREFIX };

export interface AgentIdentity {
  /** The metrics' agent family: `verified:<agent>` for a verified signature, else by User-Agent. */
  family: string;
  /** Set when the publisher gates on signatures (`botAuth.gate`) and this one fails: send it. */
  refusal?: HttpResponse;
}

export interface AgentIdentifier {
  /** Whether identifying this request needs the asynchronous signature check. */
  needsVerification(headers: SignedRequest['headers']): boolean;
  identify(request: SignedRequest): Promise<AgentIdentity>;
}

/**
 * Who is asking, for both adapters: the User-Agent's family, or the identity a Web Bot Auth
 * signature proves when `botAuth` is on. A failing signature only changes the answer (401) when
 * the publisher asked for `gate`; otherwise it is labelled by its User-Agent like any request.
 */
export function createAgentIdentifier(botAuth: AgentSiteOptions['botAuth']): AgentIdentifier {
  const options = botAuth && botAuth.enabled !== false ? botAuth : undefined;
  const verifier = options
    ? createBotVerifier({ allowHttp: options.allowHttpDirectories === true })
    : undefined;
  const needsVerification = (headers: SignedRequest['headers']) =>
    verifier !== undefined && headers.signature !== undefined;
  return {
    needsVerification,
    async identify(request) {
      const family = classifyAgent(request.headers['user-agent']);
      if (!verifier || !needsVerification(request.headers)) return { family };
      const verification = await verifier.verify(request);
      if (verification.status === 'verified')
        return { family: `${VERIFIED_FAMILY_PREFIX}${verification.agent}` };
      if (verification.status === 'invalid' && options?.gate) {
        return {
          family,
          refusal: errorResponse(request.method, 401, { detail: verification.reason }),
        };
      }
      return { family };
    },
  };
}
