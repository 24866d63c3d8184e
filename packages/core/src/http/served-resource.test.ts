import { createHash } from 'node:crypto';
import { respondWithResource, type ServedResource } from './served-resource';

const body = Buffer.from('{"hello":"world"}');
const resource: ServedResource = {
  body,
  etag: '"sha256-abc"',
  lastModified: new Date('2025-10-21T07:28:00Z'),
  contentType: 'application/json; charset=utf-8',
  headers: {
    'cache-control': 'public, max-age=0',
    vary: 'Accept-Encoding',
    link: '<https://e.com/>; rel="canonical"',
  },
};

describe('respondWithResource', () => {
  it('answers 200 with validators, body headers and an RFC 9530 digest', () => {
    const res = respondWithResource({ method: 'GET', headers: {} }, resource);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
    expect(res.headers).toEqual({
      etag: '"sha256-abc"',
      'last-modified': 'Tue, 21 Oct 2025 07:28:00 GMT',
      'cache-control': 'public, max-age=0',
      vary: 'Accept-Encoding',
      link: '<https://e.com/>; rel="canonical"',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      'content-digest': `sha-256=:${createHash('sha256').update(body).digest('base64')}:`,
    });
  });

  it('answers HEAD with exactly the GET headers and no body', () => {
    const get = respondWithResource({ method: 'GET', headers: {} }, resource);
    const head = respondWithResource({ method: 'HEAD', headers: {} }, resource);
    expect(head.headers).toEqual(get.headers);
    expect(head.body).toBeUndefined();
  });

  it('answers 304 with the validators and caching headers but no body headers', () => {
    const res = respondWithResource(
      { method: 'GET', headers: { 'if-none-match': 'W/"sha256-abc"' } },
      resource,
    );
    expect(res.status).toBe(304);
    expect(res.body).toBeUndefined();
    expect(Object.keys(res.headers).sort()).toEqual([
      'cache-control',
      'etag',
      'last-modified',
      'link',
      'vary',
    ]);
  });

  it('serves ranges only for resources that allow them', () => {
    const ranged = respondWithResource(
      { method: 'GET', headers: { range: 'bytes=0-4' } },
      { ...resource, ranges: true },
    );
    expect(ranged.status).toBe(206);
    expect(ranged.body!.toString()).toBe('{"hel');
    expect(ranged.headers['content-range']).toBe(`bytes 0-4/${body.length}`);
    expect(ranged.headers['content-length']).toBe('5');
    expect(ranged.headers['accept-ranges']).toBe('bytes');
    expect(
      respondWithResource({ method: 'GET', headers: { range: 'bytes=0-4' } }, resource).status,
    ).toBe(200);
  });

  it('answers other methods with 405 and Allow', () => {
    const res = respondWithResource({ method: 'POST', headers: {} }, resource);
    expect(res).toEqual({ status: 405, headers: { allow: 'GET, HEAD', 'content-length': '0' } });
  });
});
