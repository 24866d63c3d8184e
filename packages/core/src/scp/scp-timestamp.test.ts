import {
  compareScpTimestamps,
  formatScpTimestamp,
  isScpTimestamp,
  parseScpTimestamp,
  scpTimestampToHttpDate,
} from './scp-timestamp';
import { ScpValidationError } from './scp-errors';

describe('RFC 3339 timestamps', () => {
  it.each([
    '2025-01-15T10:00:00Z',
    '2025-01-15t10:00:00z',
    '2024-02-29T23:59:59.123456789Z',
    '2025-01-15T10:00:00+02:00',
    '2025-01-15T10:00:00-00:30',
    '2016-12-31T23:59:60Z',
    '0001-01-01T00:00:00Z',
  ])('accepts %s', (value) => {
    expect(isScpTimestamp(value)).toBe(true);
  });

  it.each([
    '2025-01-15',
    '2025-01-15T10:00:00',
    '2025-01-15 10:00:00Z',
    '2025-02-29T00:00:00Z',
    '2100-02-29T00:00:00Z',
    '2025-13-01T00:00:00Z',
    '2025-04-31T00:00:00Z',
    '2025-01-15T24:00:00Z',
    '2025-01-15T10:60:00Z',
    '2025-01-15T10:00:61Z',
    '2025-01-15T10:00:00+24:00',
    '2025-01-15T10:00:00.Z',
    '2025-01-15T10:00Z',
    ' 2025-01-15T10:00:00Z',
    '+2025-01-15T10:00:00Z',
    '２０２５-01-15T10:00:00Z',
  ])('rejects %s', (value) => {
    expect(isScpTimestamp(value)).toBe(false);
  });

  it('compares instants, not strings', () => {
    expect(compareScpTimestamps('2025-01-15T12:00:00+02:00', '2025-01-15T10:00:00Z')).toBe(0);
    expect(
      compareScpTimestamps('2025-01-15T10:00:00.5Z', '2025-01-15T10:00:00.499999999Z'),
    ).toBeGreaterThan(0);
    expect(compareScpTimestamps('2025-01-15T09:59:59Z', '2025-01-15T10:00:00Z')).toBeLessThan(0);
    expect(() => compareScpTimestamps('yesterday', '2025-01-15T10:00:00Z')).toThrow(
      ScpValidationError,
    );
  });

  it('writes UTC with the fraction only when there is one', () => {
    expect(formatScpTimestamp('2025-01-15T12:00:00+02:00')).toBe('2025-01-15T10:00:00Z');
    expect(formatScpTimestamp('2025-01-01T00:30:00+01:00')).toBe('2024-12-31T23:30:00Z');
    expect(formatScpTimestamp('2025-01-15T10:00:00.120Z')).toBe('2025-01-15T10:00:00.12Z');
    expect(formatScpTimestamp(new Date(Date.UTC(2025, 0, 15, 10)))).toBe('2025-01-15T10:00:00Z');
    expect(formatScpTimestamp(new Date(Date.UTC(2025, 0, 15, 10, 0, 0, 5)))).toBe(
      '2025-01-15T10:00:00.005Z',
    );
    expect(() => formatScpTimestamp(new Date(NaN))).toThrow(ScpValidationError);
    expect(parseScpTimestamp('1970-01-01T00:00:00Z')).toEqual({ seconds: 0, nanos: 0 });
    expect(parseScpTimestamp('1969-12-31T23:59:59.25Z')).toEqual({
      seconds: -1,
      nanos: 250_000_000,
    });
  });

  it('gives the HTTP-date of a generated time', () => {
    expect(scpTimestampToHttpDate('2025-01-15T23:00:00Z')).toBe('Wed, 15 Jan 2025 23:00:00 GMT');
  });
});
