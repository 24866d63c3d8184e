import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import { HttpTransportError } from '../errors/client-errors';

// A response as received: the size of its head, its fields, its body decoded.

/** Bytes of the status line and header block as they came over the wire. */
export function headerBlockBytes(res: IncomingMessage): number {
  let bytes = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage ?? ''}\r\n`.length + 2;
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    bytes += Buffer.byteLength(res.rawHeaders[i]!) + Buffer.byteLength(res.rawHeaders[i + 1]!) + 4;
  }
  return bytes;
}

/** Lower-case names; a repeated field's values joined with ", " (Node's rule). */
export function flattenHeaders(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The body less its gzip, deflate or br content-coding, decoded under `maxBytes`. */
export function decodeBody(body: Buffer, coding: string, maxBytes: number): Buffer {
  const options = { maxOutputLength: maxBytes };
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.gunzipSync(body, options);
    if (coding === 'deflate') return zlib.inflateSync(body, options);
    if (coding === 'br') return zlib.brotliDecompressSync(body, options);
  } catch (cause) {
    const tooLarge = (cause as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new HttpTransportError(
      tooLarge ? 'client.http.too-large' : 'client.http.decoding',
      tooLarge
        ? `the ${coding}-decoded body is larger than ${maxBytes} bytes`
        : `the ${coding} body does not decode: ${(cause as Error).message}`,
      { field: 'content-encoding', value: coding, cause },
    );
  }
  return body;
}
