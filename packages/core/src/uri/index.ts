// PLACEHOLDER until the RFC 3986/3987 module lands: the signatures are final, the bodies are not
// (WHATWG URL is not RFC 3986: it strips an empty `?`, rewrites IDNs transitionally, etc.).
import { AgentReadyError } from '../errors';

export class UriError extends AgentReadyError {}

/** RFC 3986 §6.2.2 + §6.2.3 (http/https) normal form of an absolute URI; throws `UriError`. */
export function normalizeUri(uri: string): string {
  try {
    return new URL(uri).href;
  } catch (cause) {
    throw new UriError('uri.invalid', `not an absolute URI: ${uri}`, { value: uri, cause });
  }
}

/** RFC 3986 §5.2 reference resolution, then normalization. */
export function resolveUri(base: string, reference: string): string {
  try {
    return new URL(reference, base).href;
  } catch (cause) {
    throw new UriError('uri.invalid', `cannot resolve ${reference} against ${base}`, {
      value: reference,
      cause,
    });
  }
}
