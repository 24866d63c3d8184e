import {
  errorResponse,
  jsonProblemResponse,
  methodNotAllowedResponse,
  movedPermanentlyResponse,
  notFoundResponse,
  serviceUnavailableResponse,
  tooManyRequestsResponse,
} from './error-responses';

describe('error responses', () => {
  it.each([
    [400, 'Bad Request\n', { 'cache-control': 'no-cache' }],
    [401, 'Signature not verified\n', { 'cache-control': 'no-store' }],
    [404, 'Not Found\n', { 'cache-control': 'no-cache' }],
    [410, 'Gone\n', { 'cache-control': 'no-cache' }],
    [503, 'Service Unavailable\n', { 'retry-after': '5', 'cache-control': 'no-store' }],
  ] as const)('%i: its reason as plain text, with its caching', (status, text, caching) => {
    expect(errorResponse('GET', status)).toEqual({
      status,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': String(text.length),
        'x-content-type-options': 'nosniff',
        ...caching,
      },
      body: Buffer.from(text),
    });
    const head = errorResponse('head', status);
    expect([head.body, head.headers['content-length']]).toEqual([undefined, String(text.length)]);
  });

  it('405: no body, and the methods every agent endpoint allows', () => {
    expect(methodNotAllowedResponse()).toEqual({
      status: 405,
      headers: { allow: 'GET, HEAD', 'content-length': '0' },
    });
    expect(errorResponse('POST', 405)).toEqual(methodNotAllowedResponse());
  });

  it('401: why the signature failed', () => {
    expect(errorResponse('GET', 401, { detail: 'expired' }).body?.toString()).toBe(
      'Signature not verified: expired\n',
    );
  });

  it('406: what is acceptable, after the reason, with the headers given', () => {
    const response = errorResponse('GET', 406, {
      detail: 'gzip, zstd, identity',
      headers: { vary: 'Accept-Encoding' },
    });
    expect(response.body?.toString()).toBe('Not Acceptable: gzip, zstd, identity\n');
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('the named forms adapters use are the same answers', () => {
    expect(notFoundResponse('GET')).toEqual(errorResponse('GET', 404));
    expect(serviceUnavailableResponse('HEAD')).toEqual(errorResponse('HEAD', 503));
  });

  it('429: the seconds until the client may ask again, whole and at least one, never stored', () => {
    const response = tooManyRequestsResponse('GET', 2.1);
    expect(response.body?.toString()).toBe('Too Many Requests\n');
    expect(response.headers).toMatchObject({ 'retry-after': '3', 'cache-control': 'no-store' });
    expect(tooManyRequestsResponse('HEAD', 0).headers['retry-after']).toBe('1');
    expect(tooManyRequestsResponse('HEAD', 0).body).toBeUndefined();
  });

  it('a JSON problem: never stored, the body a line of JSON', () => {
    const response = jsonProblemResponse(
      'GET',
      410,
      { error: 'cursor-expired', detail: 'start over' },
      { link: '</s>; rel="index"' },
    );
    expect(response).toEqual({
      status: 410,
      headers: {
        'content-type': 'application/json',
        'content-length': String(response.body!.length),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        link: '</s>; rel="index"',
      },
      body: Buffer.from('{"error":"cursor-expired","detail":"start over"}\n'),
    });
  });

  it('a permanent redirect, cacheable for an hour', () => {
    expect(movedPermanentlyResponse('HEAD', 'https://example.com/a/')).toEqual({
      status: 301,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': '42',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=3600',
        location: 'https://example.com/a/',
      },
    });
  });
});
