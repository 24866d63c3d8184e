import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { parseRetryAfter } from './parse-retry-after';

const NOW = Date.parse('2025-10-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP-dates (RFC 9110 §10.2.3)', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Oct 2025 00:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Tue, 30 Sep 2025 00:00:00 GMT', NOW)).toBe(0);
  });

  it('is undefined when absent or malformed, and caps absurd waits at a day', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter('9999999999', NOW)).toBe(86_400_000);
  });

  it('never throws and never returns a negative or non-finite wait', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const wait = parseRetryAfter(value, NOW);
        return wait === undefined || (Number.isFinite(wait) && wait >= 0);
      }),
      propertyRuns(300),
    );
  });
});
