import { chooseScpEncoding, scpCollectionHeaders } from './scp-http-headers';

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
      ETag: '"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"',
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

describe('chooseScpEncoding', () => {
  it.each([
    ['zstd', 'zstd'],
    ['gzip, deflate, br, zstd', 'zstd'],
    ['ZSTD;q=0.5, gzip', 'zstd'],
    ['zstd ; q=1.000', 'zstd'],
    ['zstd;q=0', 'gzip'],
    ['zstd;q=0.000', 'gzip'],
    ['zstd;q=2', 'gzip'],
    ['zstd;q=abc', 'gzip'],
    ['*', 'gzip'],
    ['gzip', 'gzip'],
    ['identity', 'gzip'],
    ['', 'gzip'],
    [undefined, 'gzip'],
    [null, 'gzip'],
    [['gzip', 'zstd'], 'zstd'],
    ['zstdx, xzstd', 'gzip'],
    [',,;;==', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(chooseScpEncoding(header as string)).toBe(expected);
  });
});
