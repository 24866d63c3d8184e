import { sha256Base64 } from '../crypto';
import { evaluateConditional, type ConditionalRequest } from './evaluate-conditional';
import { formatHttpDate } from './http-date';

/** Response headers with lower-case names, as adapters set them. */
export type ResponseHeaders = Record<string, string>;

/** A framework-free HTTP response: adapters copy status, headers and body, nothing more. */
export interface HttpResponse {
  status: number;
  headers: ResponseHeaders;
  /** Absent for HEAD, 304 and other body-less answers. */
  body?: Buffer;
}

/** A stored representation and the headers that describe it. */
export interface ServedResource {
  body: Buffer;
  /** ETag header value (quoted). */
  etag: string;
  lastModified: Date;
  contentType: string;
  /** Sent on 200, 206, 304 and HEAD alike: Cache-Control, Vary, Link, … */
  headers?: ResponseHeaders;
  /** `Content-Encoding` of `body` when it is stored compressed (SCP collections). */
  contentEncoding?: string;
  /** RFC 9530 digest of the bytes sent; computed when absent. */
  contentDigest?: string;
  /** Advertise and honour byte ranges (collections, not small JSON bodies). */
  ranges?: boolean;
}

export function contentDigestOf(body: Uint8Array): string {
  return `sha-256=:${sha256Base64(body)}:`;
}

/**
 * Applies RFC 9110 conditional-request rules to a stored resource and builds the whole answer:
 * validators and caching headers on every status, body headers only with a body, Content-Length
 * always explicit (never chunked), HEAD identical to GET minus the body.
 */
export function respondWithResource(
  request: ConditionalRequest,
  resource: ServedResource,
): HttpResponse {
  const validators: ResponseHeaders = {
    etag: resource.etag,
    'last-modified': formatHttpDate(resource.lastModified),
    ...resource.headers,
  };
  const decision = evaluateConditional(request, {
    etag: resource.etag,
    lastModified: resource.lastModified,
    ...(resource.ranges ? { size: resource.body.length } : {}),
  });
  switch (decision.status) {
    case 405:
      return { status: 405, headers: { allow: decision.allow, 'content-length': '0' } };
    case 412:
      return { status: 412, headers: { ...validators, 'content-length': '0' } };
    case 304:
      return { status: 304, headers: validators };
    case 416:
      return {
        status: 416,
        headers: { ...validators, 'content-range': decision.contentRange, 'content-length': '0' },
      };
    case 206: {
      const part = resource.body.subarray(decision.start, decision.end + 1);
      return {
        status: 206,
        headers: {
          ...validators,
          ...contentHeaders(resource, part.length),
          'content-range': decision.contentRange,
        },
        body: part,
      };
    }
    case 200:
      return {
        status: 200,
        headers: {
          ...validators,
          ...contentHeaders(resource, resource.body.length),
          'content-digest': resource.contentDigest ?? contentDigestOf(resource.body),
        },
        ...(decision.sendBody ? { body: resource.body } : {}),
      };
  }
}

function contentHeaders(resource: ServedResource, length: number): ResponseHeaders {
  return {
    'content-type': resource.contentType,
    'content-length': String(length),
    ...(resource.contentEncoding ? { 'content-encoding': resource.contentEncoding } : {}),
    ...(resource.ranges ? { 'accept-ranges': 'bytes' } : {}),
  };
}
