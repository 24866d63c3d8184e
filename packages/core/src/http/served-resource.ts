import { sha256Base64 } from '../crypto';
import type { EndpointKind, MetricEvent, MetricsRecorder } from '../metrics/metrics-recorder';
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
  /** A body too big to hold in memory, read in pieces (large collections); never with `body`. */
  stream?: () => AsyncIterable<Buffer>;
  /** Not sent: what the metrics count this response as (see MetricsRecorder). */
  observe?: ResponseObservation;
}

export interface ResponseObservation {
  kind: EndpointKind;
  /** What the document this response stands for costs as an HTML page. */
  htmlBytes?: number;
  htmlEstimated?: boolean;
}

/** Bytes kept outside memory: known size, readable by range. */
export interface StoredBody {
  size: number;
  /** Bytes [start, end] (inclusive), in pieces. */
  read(start: number, end: number): AsyncIterable<Buffer>;
}

/** A stored representation and the headers that describe it. */
export interface ServedResource {
  body: Buffer | StoredBody;
  /** ETag header value (quoted). */
  etag: string;
  /**
   * Absent for resources whose content can change within one second (the change feed): a
   * date-only validator would then answer 304 to a client that has not seen the change.
   */
  lastModified?: Date;
  contentType: string;
  /** Sent on 200, 206, 304 and HEAD alike: Cache-Control, Vary, Link, … */
  headers?: ResponseHeaders;
  /** `Content-Encoding` of `body` when it is stored compressed (SCP collections). */
  contentEncoding?: string;
  /** RFC 9530 digest of the bytes sent; required for a StoredBody, computed for a Buffer. */
  contentDigest?: string;
  /** Advertise and honour byte ranges (collections, not small JSON bodies). */
  ranges?: boolean;
}

export function contentDigestOf(body: Uint8Array): string {
  return `sha-256=:${sha256Base64(body)}:`;
}

function sizeOf(body: Buffer | StoredBody): number {
  return Buffer.isBuffer(body) ? body.length : body.size;
}

function slice(
  body: Buffer | StoredBody,
  start: number,
  end: number,
): Pick<HttpResponse, 'body' | 'stream'> {
  if (Buffer.isBuffer(body)) return { body: body.subarray(start, end + 1) };
  return { stream: () => body.read(start, end) };
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
  const { size, validators } = framingOf(resource);
  const decision = evaluateConditional(request, {
    etag: resource.etag,
    ...(resource.lastModified ? { lastModified: resource.lastModified } : {}),
    ...(resource.ranges ? { size } : {}),
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
    case 206:
      return {
        status: 206,
        headers: {
          ...validators,
          ...contentHeaders(resource, decision.end - decision.start + 1),
          'content-range': decision.contentRange,
        },
        ...slice(resource.body, decision.start, decision.end),
      };
    case 200:
      return {
        status: 200,
        headers: wholeHeadersOf(resource),
        ...(decision.sendBody ? slice(resource.body, 0, size - 1) : {}),
      };
  }
}

/**
 * What every answer for a resource shares, formed once per resource object (servers keep one
 * per cached row, so a repeated request formats no date and copies no header): its size, the
 * validators and caching headers sent on every status, and the 200's whole set. Never mutated:
 * every adapter copies headers out.
 */
interface Framing {
  size: number;
  validators: ResponseHeaders;
  whole?: ResponseHeaders;
}
const framings = new WeakMap<ServedResource, Framing>();

function framingOf(resource: ServedResource): Framing {
  let framing = framings.get(resource);
  if (framing === undefined) {
    framing = {
      size: sizeOf(resource.body),
      validators: Object.freeze({
        etag: resource.etag,
        ...(resource.lastModified
          ? { 'last-modified': formatHttpDate(resource.lastModified) }
          : {}),
        ...resource.headers,
      }),
    };
    framings.set(resource, framing);
  }
  return framing;
}

function wholeHeadersOf(resource: ServedResource): ResponseHeaders {
  const framing = framingOf(resource);
  if (framing.whole === undefined) {
    const digest =
      resource.contentDigest ??
      (Buffer.isBuffer(resource.body) ? contentDigestOf(resource.body) : undefined);
    framing.whole = Object.freeze({
      ...framing.validators,
      ...contentHeaders(resource, framing.size),
      ...(digest ? { 'content-digest': digest } : {}),
    });
  }
  return framing.whole;
}

function contentHeaders(resource: ServedResource, length: number): ResponseHeaders {
  return {
    'content-type': resource.contentType,
    'content-length': String(length),
    ...(resource.contentEncoding ? { 'content-encoding': resource.contentEncoding } : {}),
    ...(resource.ranges ? { 'accept-ranges': 'bytes' } : {}),
  };
}

/**
 * What the metrics count for a response an adapter sent, or undefined for one they do not count
 * (no `observe`: not an agent endpoint). `family` is the requesting agent's (see classifyAgent).
 */
export function metricEventOf(response: HttpResponse, family: string): MetricEvent | undefined {
  const observed = response.observe;
  if (!observed) return undefined;
  return {
    kind: observed.kind,
    family,
    status: response.status,
    bytesSent:
      response.body?.length ??
      (response.stream ? Number(response.headers['content-length'] ?? 0) : 0),
    ...(observed.htmlBytes !== undefined ? { htmlBytes: observed.htmlBytes } : {}),
    ...(observed.htmlEstimated ? { htmlEstimated: true } : {}),
  };
}

/**
 * Counts a response an adapter sent, as `metricEventOf` describes it, without making the event
 * (the serving hot path); one not to count (no `observe`) is left out.
 */
export function countResponse(
  recorder: Pick<MetricsRecorder, 'count'>,
  response: HttpResponse,
  family: string,
): void {
  const observed = response.observe;
  if (!observed) return;
  recorder.count(
    observed.kind,
    family,
    response.status,
    response.body?.length ??
      (response.stream ? Number(response.headers['content-length'] ?? 0) : 0),
    observed.htmlBytes,
    observed.htmlEstimated,
  );
}
