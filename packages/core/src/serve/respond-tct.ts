import { acceptsIdentity } from '../http/accepts-identity';
import type { ConditionalRequest } from '../http/evaluate-conditional';
import {
  respondWithResource,
  type HttpResponse,
  type ServedResource,
} from '../http/served-resource';
import { TCT_1, type TctProfile } from '../tct/tct-profile';
import { errorResponse } from './error-responses';

/**
 * The answer a TCT endpoint gives before looking at its resource, or `undefined` to go on:
 * unsafe methods get 405 with `Allow: GET, HEAD` (both profiles); under a profile that refuses
 * forbidden identity (-03), a request whose Accept-Encoding forbids identity gets 406 with
 * `Vary: Accept-Encoding`: the bytes are only ever sent as identity, and an ETag over other
 * bytes would be a lie. Both in the form every agent endpoint answers them (`errorResponse`).
 */
export function gateTctRequest(
  request: ConditionalRequest,
  profile: TctProfile = TCT_1,
): HttpResponse | undefined {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return errorResponse(method, 405);
  if (profile.refusesForbiddenIdentity && !acceptsIdentity(request.headers))
    return errorResponse(method, 406, { headers: { vary: 'Accept-Encoding' } });
  return undefined;
}

/**
 * The whole answer of a TCT JSON endpoint (an M-URL or a sitemap document): the profile's gate
 * (405, -03's 406), then RFC 9110 conditional evaluation (If-None-Match weak comparison over
 * entity-tag lists, `*`; malformed members never match) and HEAD = GET minus the body. The
 * bytes are always the identity bytes with their one strong ETag, whatever Accept-Encoding
 * advertises.
 */
export function respondWithTctResource(
  request: ConditionalRequest,
  resource: ServedResource,
  profile: TctProfile = TCT_1,
): HttpResponse {
  return gateTctRequest(request, profile) ?? respondWithResource(request, resource);
}
