import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { isRfc3339 } from './rfc3339';

describe('isRfc3339', () => {
  it.each([
    ['2024-02-29T00:00:00Z', true],
    ['2023-02-29T00:00:00Z', false],
    ['2000-02-29T12:00:00+01:00', true],
    ['1900-02-29T12:00:00Z', false],
    // Year 0 is a leap year of the proleptic Gregorian calendar (RFC 3339 §5.7).
    ['0000-02-29T00:00:00Z', true],
    ['2025-04-31T00:00:00Z', false],
    ['2025-12-31T23:59:60Z', true],
    ['2025-12-31T24:00:00Z', false],
    ['2025-00-10T00:00:00Z', false],
    ['2025-01-00T00:00:00Z', false],
    ['2025-01-10T00:00:00+24:00', false],
    ['2025-01-10t10:00:00.123z', true],
  ])('%s: %s', (value, expected) => {
    expect(isRfc3339(value)).toBe(expected);
  });

  it('agrees with the calendar of Date on every day of years 100-9999', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const date = new Date(Date.UTC(year, month - 1, day));
          const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T10:00:00Z`;
          expect(isRfc3339(text)).toBe(real);
        },
      ),
      propertyRuns(2000),
    );
  });
});
