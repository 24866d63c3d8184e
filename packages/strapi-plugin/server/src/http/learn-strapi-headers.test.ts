import http, { type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpResponse } from '@agent-ready/core/http';
import { LearnedStrapiHeaders } from './learn-strapi-headers';

/** A host that adds headers around our answers, as Strapi's global middlewares do. */
let server: Server;
let requestNumber = 0;
const learned = new LearnedStrapiHeaders();
const ours: HttpResponse[] = [
  { status: 404, headers: { 'content-type': 'text/plain', 'content-length': '0' } },
  { status: 200, headers: { 'content-length': '0', vary: 'Accept-Encoding', etag: '"x"' } },
];

function answer(res: ServerResponse, response: HttpResponse, hostVary: string) {
  res.setHeader('x-frame-options', 'SAMEORIGIN');
  res.setHeader('x-request-id', `request-${++requestNumber}`);
  res.setHeader('set-cookie', 'session=1');
  res.setHeader('vary', hostVary);
  for (const [name, value] of Object.entries(response.headers)) {
    if (name === 'vary') res.setHeader('vary', `${hostVary}, ${value}`);
    else res.setHeader(name, value);
  }
  learned.observe(res, response);
  res.writeHead(response.status);
  res.end();
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // koa-compress names Accept-Encoding only where the answer does not already.
    if (req.url === '/first') answer(res, ours[0]!, 'Origin, Accept-Encoding');
    else answer(res, ours[1]!, 'Origin');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = async (path: string) => {
  const { port } = server.address() as AddressInfo;
  await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
};

/** Waits for the state: the server's `finish` handlers run after the client has its answer. */
async function learnedHeaders() {
  for (let i = 0; i < 1000 && !learned.headers; i++) await new Promise(setImmediate);
  return learned.headers;
}

describe('LearnedStrapiHeaders', () => {
  it('learns nothing from one answer, and from two what they agree on', async () => {
    await get('/first');
    for (let i = 0; i < 50; i++) await new Promise(setImmediate);
    expect(learned.headers).toBeUndefined();
    await get('/second');
    expect(await learnedHeaders()).toEqual({ 'x-frame-options': 'SAMEORIGIN', vary: 'Origin' });
  });
});
