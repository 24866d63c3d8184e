import { chooseScpEncoding, scpEtag } from './scp-encoding';

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

describe('scpEtag', () => {
  const checksum = `sha256:${'AB'.repeat(32)}`;
  it('names the content by its checksum and the bytes by a suffix per coding', () => {
    expect(scpEtag(checksum, 'gzip')).toBe(`"sha256:${'ab'.repeat(32)}.gz"`);
    expect(scpEtag(checksum, 'zstd')).toBe(`"sha256:${'ab'.repeat(32)}.zst"`);
    expect(scpEtag(checksum, 'identity')).toBe(`"sha256:${'ab'.repeat(32)}"`);
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
