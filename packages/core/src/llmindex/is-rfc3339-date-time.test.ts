import { formatRfc3339DateTime, isRfc3339DateTime } from './is-rfc3339-date-time';

describe('isRfc3339DateTime', () => {
  it.each([
    '2026-02-20T00:00:00Z',
    '2026-02-20t10:30:00.123z',
    '2024-02-29T23:59:60+05:30',
    '1999-12-31T00:00:00-00:00',
  ])('accepts %s', (text) => expect(isRfc3339DateTime(text)).toBe(true));

  it.each([
    '2026-02-20',
    '2026-02-20T00:00:00',
    '2026-02-20 00:00:00Z',
    '2026-02-20T00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-02-20T24:00:00Z',
    '2026-02-20T00:00:00+24:00',
    'yesterday',
    ' 2026-02-20T00:00:00Z',
  ])('rejects %s', (text) => expect(isRfc3339DateTime(text)).toBe(false));

  it('formats dates in UTC without a zero fraction', () => {
    expect(formatRfc3339DateTime(new Date(Date.UTC(2026, 1, 20)))).toBe('2026-02-20T00:00:00Z');
    expect(formatRfc3339DateTime(new Date(Date.UTC(2026, 1, 20, 0, 0, 0, 5)))).toBe(
      '2026-02-20T00:00:00.005Z',
    );
  });
});
