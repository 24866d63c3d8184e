import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  baseHeadersMerger,
  mergeVary,
  writeBufferedNodeResponse,
  writeNodeResponse,
} from './write-node-response';
import type { HttpResponse } from '../http/served-resource';

describe('mergeVary', () => {
  it('keeps each member once, case-insensitively, in first-seen order', () => {
    expect(mergeVary('Origin', 'accept-encoding, Origin', 'Accept-Encoding, Accept')).toBe(
      'Origin, accept-encoding, Accept',
    );
  });
  it('lets * absorb everything and ignores what is absent', () => {
    expect(mergeVary(undefined, 'Origin', '*')).toBe('*');
    expect(mergeVary(undefined, ['Origin', ' '])).toBe('Origin');
  });
});

describe('baseHeadersMerger', () => {
  it('lays the base under each response, with one Vary of both, as headersFor does', () => {
    const merge = baseHeadersMerger({
      'x-frame-options': 'SAMEORIGIN',
      etag: '"base"',
      vary: 'Origin',
    });
    const response = { status: 304, headers: { etag: '"x"', vary: 'Accept-Encoding' } };
    expect(merge(response)).toEqual({
      'x-frame-options': 'SAMEORIGIN',
      etag: '"x"',
      vary: 'Origin, Accept-Encoding',
    });
    // A fresh object each time: a response's headers are never the merger's.
    expect(merge(response)).not.toBe(merge(response));
    expect(merge({ status: 404, headers: {} })).toEqual({
      'x-frame-options': 'SAMEORIGIN',
      etag: '"base"',
      vary: 'Origin',
    });
    expect(baseHeadersMerger({ a: '1' })({ status: 200, headers: { vary: 'Accept' } })).toEqual({
      a: '1',
      vary: 'Accept',
    });
  });
});

describe('writing a core response on node:http', () => {
  let server: Server;
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

  beforeAll(async () => {
    server = http.createServer((req, res) => void answer(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = async () => {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  const response: HttpResponse = {
    status: 200,
    headers: { 'content-type': 'text/plain', 'content-length': '5', vary: 'Accept-Encoding' },
    body: Buffer.from('hello'),
  };

  it('sends status, headers and bytes, the response over the base headers, one Vary', async () => {
    answer = (_req, res) => {
      res.setHeader('vary', 'Origin');
      writeBufferedNodeResponse(res, response, {
        'x-frame-options': 'SAMEORIGIN',
        'content-type': 'text/html',
        vary: 'Origin, Accept',
      });
    };
    const { res, body } = await get();
    expect(res.status).toBe(200);
    expect(body.toString()).toBe('hello');
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('vary')).toBe('Origin, Accept, Accept-Encoding');
  });

  it('streams a body read in pieces', async () => {
    answer = (_req, res) =>
      writeNodeResponse(res, {
        status: 200,
        headers: { 'content-length': '6' },
        async *stream() {
          yield Buffer.from('abc');
          yield Buffer.from('def');
        },
      });
    const { res, body } = await get();
    expect(res.status).toBe(200);
    expect(body.toString()).toBe('abcdef');
    expect(res.headers.get('vary')).toBeNull();
  });
});
