import { contentDigestOf } from '../../../http/served-resource';
import { scpEtag } from '../../../scp/scp-encoding';
import {
  bodyOf,
  putScpCollection,
  putScpSitemaps,
  SCP_LINES,
  testSite,
} from '../../../../test/support/serve-fixtures';

const REVALIDATE = 'public, max-age=0, must-revalidate';
const PATH = '/scp/blog-snapshot.scp';

describe('SCP endpoints', () => {
  function site(options: Parameters<typeof testSite>[0] = {}) {
    const made = testSite(options);
    const stored = putScpCollection(made.source, PATH);
    return { ...made, ...stored };
  }

  it('serves a collection gzip by default, with its coding’s ETag and byte ranges', async () => {
    const { get, gzip, checksum } = site({ usage: { trainAi: false } });
    const response = await get(PATH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(gzip);
    expect(response.headers).toEqual({
      'x-content-type-options': 'nosniff',
      etag: scpEtag(checksum, 'gzip'),
      'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
      'cache-control': REVALIDATE,
      vary: 'Accept-Encoding',
      'content-usage': 'train-ai=n',
      'content-type': 'application/scp',
      'content-length': String(gzip.length),
      'content-encoding': 'gzip',
      'accept-ranges': 'bytes',
      'content-digest': contentDigestOf(gzip),
    });
    expect(response.observe).toEqual({ kind: 'scp' });
    const range = await get(PATH, { range: 'bytes=0-9', 'if-range': scpEtag(checksum, 'gzip') });
    expect([range.status, range.headers['content-range'], range.body]).toEqual([
      206,
      `bytes 0-9/${gzip.length}`,
      gzip.subarray(0, 10),
    ]);
  });

  it('negotiates the coding by q-value: zstd only when named, gzip on ties', async () => {
    const { get, gzip, zstd, checksum } = site();
    const zstdResponse = await get(PATH, { 'accept-encoding': 'gzip, zstd' });
    expect([zstdResponse.body, zstdResponse.headers.etag]).toEqual([
      zstd,
      scpEtag(checksum, 'zstd'),
    ]);
    expect(zstdResponse.headers['content-encoding']).toBe('zstd');
    expect((await get(PATH, { 'accept-encoding': 'zstd;q=0.5, gzip' })).body).toEqual(gzip);
    expect((await get(PATH, { 'accept-encoding': '*' })).body).toEqual(gzip);
    expect(
      (await get(PATH, { 'accept-encoding': 'zstd', 'if-none-match': scpEtag(checksum, 'zstd') }))
        .status,
    ).toBe(304);
  });

  it('decodes the gzip bytes for a client that accepts no coding, with the identity’s own validators', async () => {
    const { get, send, checksum } = site();
    const identity = Buffer.from(SCP_LINES, 'utf8');
    for (const acceptEncoding of ['identity', 'br', 'gzip;q=0, zstd;q=0']) {
      const response = await get(PATH, { 'accept-encoding': acceptEncoding });
      expect(response.body).toBeUndefined();
      expect(await bodyOf(response)).toEqual(identity);
      expect(response.headers).toEqual({
        'x-content-type-options': 'nosniff',
        etag: scpEtag(checksum, 'identity'),
        'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
        'cache-control': REVALIDATE,
        vary: 'Accept-Encoding',
        'content-type': 'application/scp',
        'content-length': String(identity.length),
        'content-digest': contentDigestOf(identity),
      });
    }
    const head = await send('HEAD', PATH, { 'accept-encoding': 'identity' });
    expect([head.body, head.stream, head.headers['content-length']]).toEqual([
      undefined,
      undefined,
      String(identity.length),
    ]);
  });

  it('answers 406 when no stored coding nor identity is acceptable', async () => {
    const { get, send } = site();
    const response = await get(PATH, { 'accept-encoding': 'identity;q=0' });
    expect(response).toEqual({
      status: 406,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': '37',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
        vary: 'Accept-Encoding',
      },
      body: Buffer.from('Not Acceptable: gzip, zstd, identity\n'),
      observe: { kind: 'scp' },
    });
    expect((await send('HEAD', PATH, { 'accept-encoding': 'identity;q=0' })).body).toBeUndefined();
  });

  it('sends the gzip bytes to an identity client when the collection has no identity record', async () => {
    const { get, source } = testSite();
    const { gzip } = putScpCollection(source, PATH, undefined, { identity: false });
    expect((await get(PATH, { 'accept-encoding': 'identity' })).body).toEqual(gzip);
  });

  it('never offers zstd for a collection stored gzip only (a publisher without zstd)', async () => {
    const { source, get } = testSite();
    const { gzip } = putScpCollection(source, PATH, undefined, { zstd: false });
    const lines = Buffer.from(SCP_LINES, 'utf8');
    const zstdOnly = await get(PATH, { 'accept-encoding': 'zstd' });
    expect([zstdOnly.status, zstdOnly.headers['content-encoding']]).toEqual([200, undefined]);
    expect(await bodyOf(zstdOnly)).toEqual(lines);
    expect((await get(PATH, { 'accept-encoding': 'zstd, gzip' })).body).toEqual(gzip);
    expect((await get(PATH, { 'accept-encoding': 'zstd, identity;q=0' })).status).toBe(406);
  });

  it('streams a collection too big to hold in memory, by range from storage', async () => {
    const { get, source } = site();
    // Serving never reads inside the stored bytes: any bytes past the limit stand for them.
    const big = Buffer.alloc(4 * 1024 * 1024 + 100, 'scp');
    const stored = (await source.artifactMeta(PATH))!;
    source.putArtifact({
      name: PATH,
      contentEncoding: 'gzip',
      body: big,
      etag: stored.etag,
      descriptor: stored.descriptor,
    });
    const response = await get(PATH);
    expect(response.body).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(big.length));
    expect((await bodyOf(response)).equals(big)).toBe(true);
    const range = await get(PATH, { range: 'bytes=100-199' });
    expect([range.status, await bodyOf(range)]).toEqual([206, big.subarray(100, 200)]);
  });

  it('serves the SCP sitemap.xml and the index of the page sitemaps', async () => {
    const { get, source } = site();
    putScpSitemaps(source);
    for (const name of ['/scp/sitemap.xml', '/scp/sitemap-pages.xml']) {
      const stored = (await source.artifact(name))!;
      const response = await get(name);
      expect(response.body).toEqual(stored.body);
      expect(response.headers).toEqual({
        'x-content-type-options': 'nosniff',
        etag: stored.meta.etag,
        'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
        'cache-control': REVALIDATE,
        vary: 'Accept-Encoding',
        'content-type': 'application/xml; charset=utf-8',
        'content-length': String(stored.body.length),
        'content-digest': stored.meta.contentDigest,
      });
    }
  });

  it('keeps every coding behind the access check under protect: all', async () => {
    const { outcome } = site({ protect: 'all' });
    expect((await outcome('GET', PATH)).kind).toBe('authorize');
    expect((await outcome('GET', PATH, { 'accept-encoding': 'identity' })).kind).toBe('authorize');
    expect((await outcome('GET', PATH, { 'accept-encoding': 'identity;q=0' })).kind).toBe(
      'respond',
    );
    expect((await outcome('POST', PATH)).kind).toBe('respond');
  });
});
