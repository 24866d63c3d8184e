import { sha256 } from '../../../crypto';
import { TCT_03, TCT_1 } from '../../../tct/tct-profile';
import { readTct03MUrl } from '../../../tct/read-tct03-document';
import { contentDigestOf } from '../../../http/served-resource';
import { createAgentEndpoints } from '../../create-agent-endpoints';
import { InMemoryContentSource } from '../../../../test/support/in-memory-content-source';
import { article, ORIGIN, testSite } from '../../../../test/support/serve-fixtures';

describe('M-URL endpoint', () => {
  function site(options: Parameters<typeof testSite>[0] = {}) {
    const made = testSite(options);
    const row = made.source.publish(article('hello'));
    return { ...made, row };
  }

  it('answers 200 with the stored bytes and every header of DECISIONS §1', async () => {
    const { get, row } = site();
    const response = await get('/blog/hello/llm.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(row.body);
    expect(response.headers).toEqual({
      'x-content-type-options': 'nosniff',
      etag: `"${row.hash}"`,
      'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
      'cache-control': TCT_1.cacheControl,
      vary: 'Accept-Encoding',
      link: `<${ORIGIN}/blog/hello/>; rel="canonical"`,
      'content-type': TCT_1.mUrlContentType,
      'content-length': String(row.body!.length),
      'content-digest': contentDigestOf(row.body!),
    });
    expect(JSON.parse(row.body!.toString('utf8')).hash).toBe(row.hash);
    expect(response.observe).toEqual({
      kind: 'm-url',
      htmlBytes: row.body!.length * 3 + 30_000,
      htmlEstimated: true,
    });
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const { send, get } = site();
    const head = await send('HEAD', '/blog/hello/llm.json');
    expect(head.body).toBeUndefined();
    expect(head.headers).toEqual((await get('/blog/hello/llm.json')).headers);
  });

  it('answers conditional requests: 304 on the tag (weakly, in a list, *), on a date; 412 on If-Match', async () => {
    const { get, row } = site();
    const path = '/blog/hello/llm.json';
    for (const tag of [`"${row.hash}"`, `W/"${row.hash}"`, `"x", "${row.hash}"`, '*']) {
      const response = await get(path, { 'if-none-match': tag, 'cache-control': 'no-cache' });
      expect([tag, response.status, response.body]).toEqual([tag, 304, undefined]);
      expect(response.headers.etag).toBe(`"${row.hash}"`);
      expect(response.headers['content-length']).toBeUndefined();
    }
    expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);
    expect((await get(path, { 'if-modified-since': 'Fri, 02 Jan 2026 03:04:05 GMT' })).status).toBe(
      304,
    );
    expect((await get(path, { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' })).status).toBe(
      200,
    );
    expect((await get(path, { 'if-match': '"other"' })).status).toBe(412);
  });

  it('answers 405 with Allow for every other method', async () => {
    const { send } = site();
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      expect(await send(method, '/blog/hello/llm.json')).toEqual({
        status: 405,
        headers: { allow: 'GET, HEAD', 'content-length': '0' },
        observe: { kind: 'm-url' },
      });
    }
  });

  it('answers 404 for unknown and unpublished documents, 410 for deleted ones', async () => {
    const { get, send, source } = site();
    source.publish(article('gone'));
    source.publish(article('hidden'));
    source.remove('gone', 'deleted');
    source.remove('hidden', 'unpublished');
    const notFound = await get('/blog/nothing/llm.json');
    expect(notFound.status).toBe(404);
    expect(notFound.body?.toString()).toBe('Not Found\n');
    expect(notFound.headers).toEqual({
      'x-content-type-options': 'nosniff',
      'content-type': 'text/plain; charset=utf-8',
      'content-length': '10',
      'cache-control': 'no-cache',
    });
    expect((await get('/blog/hidden/llm.json')).status).toBe(404);
    const gone = await get('/blog/gone/llm.json');
    expect([gone.status, gone.body?.toString()]).toEqual([410, 'Gone\n']);
    const goneHead = await send('HEAD', '/blog/gone/llm.json');
    expect([goneHead.status, goneHead.body, goneHead.headers['content-length']]).toEqual([
      410,
      undefined,
      '5',
    ]);
  });

  it('claims bad targets shaped like an M-URL (400, 404) and passes every other bad target', async () => {
    const { outcome, get } = site();
    const bad = await get('/bad%zz/llm.json');
    expect([bad.status, bad.body?.toString()]).toEqual([400, 'Bad Request\n']);
    expect((await get('/x/../blog/hello/llm.json')).status).toBe(404);
    expect((await get('/x/%2e%2e/blog/hello/llm.json')).status).toBe(404);
    expect(await outcome('GET', '/bad%zz/page')).toEqual({ kind: 'pass' });
    expect(await outcome('GET', 'no-slash/llm.json')).toMatchObject({ kind: 'respond' });
    // The normalized form finds the stored path.
    expect((await get('/blog/%68ello/llm.json')).status).toBe(200);
  });

  it('runs the app’s access check first for protected documents, and for every one under protect: all', async () => {
    const { outcome, source } = site();
    const row = source.publish(article('members', { visibility: 'protected' }));
    const decided = await outcome('GET', '/blog/members/llm.json');
    expect(decided.kind).toBe('authorize');
    if (decided.kind !== 'authorize') return;
    const response = await decided.respond();
    expect([response.status, response.body]).toEqual([200, row.body]);
    expect(response.observe?.kind).toBe('m-url');
    expect((await outcome('GET', '/blog/hello/llm.json')).kind).toBe('respond');

    const all = testSite({ protect: 'all' });
    all.source.publish(article('hello'));
    expect((await all.outcome('GET', '/blog/hello/llm.json')).kind).toBe('authorize');
    // Nothing to protect on a 404 or 405.
    expect((await all.outcome('GET', '/blog/none/llm.json')).kind).toBe('respond');
    expect((await all.outcome('POST', '/blog/hello/llm.json')).kind).toBe('respond');
  });

  it('sends Content-Usage: the site’s, with a document’s own terms laid over it', async () => {
    const { get, source } = site({ usage: { trainAi: false, search: true } });
    source.publish(article('open', { usage: { trainAi: true } }));
    expect((await get('/blog/hello/llm.json')).headers['content-usage']).toBe(
      'train-ai=n, search=y',
    );
    expect((await get('/blog/open/llm.json')).headers['content-usage']).toBe(
      'train-ai=y, search=y',
    );
    const plain = testSite();
    plain.source.publish(article('hello'));
    expect((await plain.get('/blog/hello/llm.json')).headers['content-usage']).toBeUndefined();
  });

  it('counts the measured HTML size of the page when the site has one', async () => {
    const { get, source } = site();
    source.publish(article('measured'), undefined, { htmlBytes: 12_345 });
    expect((await get('/blog/measured/llm.json')).observe).toEqual({
      kind: 'm-url',
      htmlBytes: 12_345,
    });
  });

  it('serves another M-URL suffix', async () => {
    const { get, outcome, source } = testSite({ mUrl: { suffix: 'llm/' } });
    const row = source.publish(article('hello'));
    expect((await get('/blog/hello/llm/')).body).toEqual(row.body);
    expect(await outcome('GET', '/blog/hello/llm.json')).toEqual({ kind: 'pass' });
  });

  describe('the hot path (handleCached)', () => {
    it('answers a cached public row synchronously, exactly as handle does', async () => {
      const { endpoints, source, get } = site();
      const request = { method: 'GET', target: '/blog/hello/llm.json', headers: {} };
      expect(endpoints.handleCached(request)).toBeUndefined();
      source.cacheAll();
      const cached = endpoints.handleCached(request);
      expect(cached).toEqual(await get('/blog/hello/llm.json'));
      const etag = cached!.headers.etag!;
      expect(
        endpoints.handleCached({ ...request, headers: { 'if-none-match': etag } })?.status,
      ).toBe(304);
      expect(endpoints.handleCached({ ...request, method: 'HEAD' })?.body).toBeUndefined();
    });

    it('leaves to handle what it cannot answer alone', async () => {
      const { endpoints, source } = site();
      source.publish(article('members', { visibility: 'protected' }));
      source.publish(article('gone'));
      source.remove('gone', 'deleted');
      source.cacheAll();
      const ask = (target: string, method = 'GET') =>
        endpoints.handleCached({ method, target, headers: {} });
      expect(ask('/blog/members/llm.json')).toBeUndefined();
      expect(ask('/blog/gone/llm.json')).toBeUndefined();
      expect(ask('/blog/hello/llm.json', 'POST')).toBeUndefined();
      expect(ask('/bad%zz/llm.json')).toBeUndefined();
      expect(ask('/llm-sitemap.json')).toBeUndefined();
      const all = testSite({ protect: 'all' });
      all.source.publish(article('hello'));
      all.source.cacheAll();
      expect(
        all.endpoints.handleCached({ method: 'GET', target: '/blog/hello/llm.json', headers: {} }),
      ).toBeUndefined();
    });
  });
});

describe('M-URL validators', () => {
  it('sends the Content-Digest stored with the row, as rendered; one a row lacks is computed', async () => {
    const { get, source } = testSite();
    const stored = source.publish(article('stored'), undefined, {
      contentDigest: 'sha-256=:c3RvcmVk:',
    });
    expect((await get('/blog/stored/llm.json')).headers['content-digest']).toBe(
      'sha-256=:c3RvcmVk:',
    );
    const older = source.publish(article('older'), undefined, { contentDigest: null });
    expect((await get('/blog/older/llm.json')).headers['content-digest']).toBe(
      contentDigestOf(older.body!),
    );
    expect(stored.contentDigest).not.toBe(contentDigestOf(stored.body!));
  });
});

describe('M-URL endpoint under draft -03', () => {
  const PATH = '/blog/hello/llm.json';
  function site03() {
    const made = testSite({ profile: TCT_03 });
    const row = made.source.publish(article('hello'));
    return { ...made, row };
  }

  it('serves the -03 document: exact profile, no hash member, ETag and digest over the whole body, no charset, the profile link', async () => {
    const { get, row } = site03();
    const response = await get(PATH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(row.body);
    const digest = sha256(row.body!);
    expect(response.headers).toEqual({
      'x-content-type-options': 'nosniff',
      etag: `"sha256-${digest.toString('hex')}"`,
      'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
      'cache-control': TCT_03.cacheControl,
      vary: 'Accept-Encoding',
      link: `<${ORIGIN}/blog/hello/>; rel="canonical", <${TCT_03.id}>; rel="profile"`,
      'content-type': 'application/json',
      'content-length': String(row.body!.length),
      'content-digest': `sha-256=:${digest.toString('base64')}:`,
    });
    const document = readTct03MUrl(row.body!);
    expect(document).toMatchObject({ profile: TCT_03.id, lastModified: '2026-01-02T03:04:05Z' });
    expect(document).not.toHaveProperty('hash');
    expect(row.hash).toBe(`sha256-${digest.toString('hex')}`);
  });

  it('answers 406 with Vary when Accept-Encoding forbids identity, on the hot path too; gzip still gets the identity bytes and the same strong ETag', async () => {
    const { get, send, endpoints, source, row } = site03();
    source.cacheAll();
    for (const acceptEncoding of ['identity;q=0', '*;q=0', 'gzip, *;q=0', 'identity;q=0, gzip']) {
      const headers = { 'accept-encoding': acceptEncoding };
      const refused = await get(PATH, headers);
      expect([acceptEncoding, refused.status, refused.headers.vary]).toEqual([
        acceptEncoding,
        406,
        'Accept-Encoding',
      ]);
      expect((await send('HEAD', PATH, headers)).status).toBe(406);
      expect(endpoints.handleCached({ method: 'GET', target: PATH, headers })?.status).toBe(406);
    }
    for (const acceptEncoding of ['gzip', 'gzip, deflate, br', '*;q=0, identity;q=1', 'br;q=0']) {
      const response = await get(PATH, { 'accept-encoding': acceptEncoding });
      expect([acceptEncoding, response.status]).toEqual([acceptEncoding, 200]);
      expect(response.body).toEqual(row.body);
      expect(response.headers.etag).toBe(`"${row.hash}"`);
      expect(response.headers['content-encoding']).toBeUndefined();
    }
  });

  it('answers HEAD, 405, and If-None-Match by weak comparison over lists; malformed members never match', async () => {
    const { get, send, row } = site03();
    const head = await send('HEAD', PATH);
    expect([head.status, head.body, head.headers]).toEqual([
      200,
      undefined,
      (await get(PATH)).headers,
    ]);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(await send(method, PATH)).toMatchObject({
        status: 405,
        headers: { allow: 'GET, HEAD' },
      });
    }
    for (const tag of [`"${row.hash}"`, `W/"${row.hash}"`, `"a", W/"${row.hash}"`, '*']) {
      const response = await get(PATH, { 'if-none-match': tag });
      expect([tag, response.status, response.body]).toEqual([tag, 304, undefined]);
      expect(response.headers.etag).toBe(`"${row.hash}"`);
      expect(response.headers.link).toContain('rel="profile"');
    }
    for (const tag of [row.hash!, `"${row.hash}`, `w/"${row.hash}"`]) {
      expect([tag, (await get(PATH, { 'if-none-match': tag })).status]).toEqual([tag, 200]);
    }
  });

  it('frames a row by the profile it was rendered in: a tct-1 row on a -03 site is served as tct-1', async () => {
    const source = new InMemoryContentSource({ origin: ORIGIN });
    const row = source.publish(article('hello'));
    const endpoints = createAgentEndpoints(source, { origin: ORIGIN, profile: TCT_03 });
    const decided = await endpoints.handle({ method: 'GET', target: PATH, headers: {} });
    if (decided.kind !== 'respond') throw new Error('not answered');
    expect(decided.response.body).toEqual(row.body);
    expect(decided.response.headers).toMatchObject({
      'content-type': TCT_1.mUrlContentType,
      link: `<${ORIGIN}/blog/hello/>; rel="canonical"`,
    });
    // The gate is the site's: a -03 site refuses identity-less requests whatever the row.
    const refused = await endpoints.handle({
      method: 'GET',
      target: PATH,
      headers: { 'accept-encoding': 'identity;q=0' },
    });
    expect(refused.kind === 'respond' && refused.response.status).toBe(406);
  });

  it('keeps tct-1 serving identity to a request that forbids it', async () => {
    const { get } = site();
    expect((await get(PATH, { 'accept-encoding': 'identity;q=0' })).status).toBe(200);
  });

  function site() {
    const made = testSite();
    made.source.publish(article('hello'));
    return made;
  }
});
