import { ValidationError } from '../errors';

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of the proleptic Gregorian calendar (RFC 3339 §5.7). */
function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

// Arithmetic, not a Date: this runs for every item of every sitemap shard composed.
function isRealDateTime(match: RegExpExecArray): boolean {
  const month = Number(match[2]);
  const day = Number(match[3]);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(Number(match[1]), month) &&
    Number(match[4]) <= 23 &&
    Number(match[5]) <= 59 &&
    Number(match[6]) <= 60 &&
    (match[7] === undefined || (Number(match[7]) <= 23 && Number(match[8]) <= 59))
  );
}

export function isRfc3339(value: string): boolean {
  const match = RFC3339.exec(value);
  return match !== null && isRealDateTime(match);
}

/** Returns `value` when it is an RFC 3339 date-time that denotes a real instant. */
export function assertRfc3339(value: string, field: string): string {
  if (!isRfc3339(value)) {
    throw new ValidationError('date.rfc3339', `${field} must be an RFC 3339 date-time`, {
      field,
      value,
      rule: 'RFC 3339 §5.6',
    });
  }
  return value;
}

/** Second-precision UTC RFC 3339 form (`2025-01-15T10:00:00Z`), the form we emit. */
export function toRfc3339(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
