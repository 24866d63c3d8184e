import {
  chooseScpEncoding,
  SCP_LIVE_CACHE_CONTROL,
  scpCollectionHeaders,
  scpEtag,
} from './scp-http-headers';

const snapshot = {
  id: 'blog',
  section: 'blog',
  type: 'snapshot' as const,
  generated: '2025-01-15T23:00:00Z',
  version: '0.1',
  checksum: 'sha256:E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
};

describe('scpCollectionHeaders', () => {
  it('gives the spec headers for a gzip snapshot', () => {
    expect(scpCollectionHeaders(snapshot, { encoding: 'gzip' })).toEqual({
      'Content-Type': 'application/scp',
      'Content-Encoding': 'gzip',
      ETag: '"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.gz"',
      'Last-Modified': 'Wed, 15 Jan 2025 23:00:00 GMT',
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=3600',
      Vary: 'Accept-Encoding',
    });
  });

  it('gives delta caching, zstd, and no ETag without a checksum', () => {
    const delta = {
      ...snapshot,
      type: 'delta' as const,
      since: '2025-01-14T00:00:00Z',
      checksum: undefined,
    };
    const headers = scpCollectionHeaders(delta, { encoding: 'zstd' });
    expect(headers['Cache-Control']).toBe('public, max-age=3600, must-revalidate');
    expect(headers['Content-Encoding']).toBe('zstd');
    expect(headers).not.toHaveProperty('ETag');
    expect(
      scpCollectionHeaders(snapshot, { encoding: 'identity', kind: 'delta' }),
    ).not.toHaveProperty('Content-Encoding');
    expect(
      scpCollectionHeaders(snapshot, { encoding: 'identity', kind: 'delta' })['Cache-Control'],
    ).toMatch(/must-revalidate/);
  });
});

describe('SCP_LIVE_CACHE_CONTROL', () => {
  it('lets a cache keep a changing collection only while revalidating it', () => {
    const headers = scpCollectionHeaders(snapshot, {
      encoding: 'gzip',
      cacheControl: SCP_LIVE_CACHE_CONTROL,
    });
    expect(headers['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(headers.ETag).toMatch(/\.gz"$/);
  });
});

describe('chooseScpEncoding', () => {
  it.each([
    ['zstd', 'zstd'],
    ['gzip, deflate, br, zstd', 'zstd'],
    // The higher q-value wins; zstd only on a tie.
    ['ZSTD;q=0.5, gzip', 'gzip'],
    ['zstd, gzip;q=0.5', 'zstd'],
    ['zstd ; q=1.000', 'zstd'],
    ['zstd;q=0', 'identity'],
    ['zstd;q=0.000, gzip', 'gzip'],
    ['zstd;q=abc, gzip', 'gzip'],
    // `*` never selects zstd: many clients that send it cannot decode it.
    ['*', 'gzip'],
    ['gzip', 'gzip'],
    // Clients that refuse gzip or ask for identity get identity (RFC 9110 §12.5.3).
    ['gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    ['zstdx, xzstd', 'identity'],
    [',,;;==', 'identity'],
    // No header: any coding is acceptable.
    [undefined, 'gzip'],
    [null, 'gzip'],
    [['gzip', 'zstd'], 'zstd'],
    // Nothing acceptable: the caller answers 406.
    ['identity;q=0', undefined],
    ['gzip;q=0, identity;q=0', undefined],
    ['*;q=0', undefined],
    ['*;q=0, gzip', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(chooseScpEncoding(header as string)).toBe(expected);
  });
});

describe('chooseScpEncoding among the stored codings', () => {
  it.each([
    ['zstd', 'identity'],
    ['zstd, gzip', 'gzip'],
    ['zstd, identity;q=0', undefined],
    [undefined, 'gzip'],
  ])('without zstd stored: %s → %s', (header, expected) => {
    expect(chooseScpEncoding(header, ['gzip', 'identity'])).toBe(expected);
  });
});

describe('scpEtag', () => {
  const checksum = `sha256:${'AB'.repeat(32)}`;
  it('names the content by its checksum and the bytes by a suffix per coding', () => {
    expect(scpEtag(checksum, 'gzip')).toBe(`"sha256:${'ab'.repeat(32)}.gz"`);
    expect(scpEtag(checksum, 'zstd')).toBe(`"sha256:${'ab'.repeat(32)}.zst"`);
    expect(scpEtag(checksum, 'identity')).toBe(`"sha256:${'ab'.repeat(32)}"`);
  });
});
