import { ScpValidationError } from './scp-errors';

/**
 * RFC 3339 `date-time` (what JSON Schema's `format: date-time` means), checked strictly: real
 * calendar dates, hours 00-23, minutes 00-59, seconds 00-60, a mandatory offset. Instants are
 * compared exactly (seconds + nanoseconds), never as strings, so `+02:00` and `Z` forms of the
 * same moment are equal.
 */
export interface ScpInstant {
  /** Seconds since 1970-01-01T00:00:00Z (may be negative). */
  seconds: number;
  /** 0 ≤ nanos < 1e9; fraction digits beyond nine are truncated. */
  nanos: number;
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,32}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
/** Longest valid form with a 32-digit fraction; anything longer is rejected before the regex. */
const MAX_LENGTH = 64;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The instant an RFC 3339 date-time denotes, or `undefined` when it is not one. */
export function parseScpTimestamp(value: unknown): ScpInstant | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  const match = RFC3339.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  let offsetMinutes = 0;
  if (zulu === undefined) {
    const offsetHours = Number(oh);
    const offsetMins = Number(om);
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const seconds =
    daysFromCivil(year, month, day) * 86400 +
    hour * 3600 +
    minute * 60 +
    second -
    offsetMinutes * 60;
  const nanos = fraction === undefined ? 0 : Number(fraction.slice(0, 9).padEnd(9, '0'));
  return { seconds, nanos };
}

export function isScpTimestamp(value: unknown): value is string {
  return parseScpTimestamp(value) !== undefined;
}

/** Negative, zero or positive as instant `a` is before, equal to or after `b`. */
export function compareScpInstants(a: ScpInstant, b: ScpInstant): number {
  return a.seconds !== b.seconds ? a.seconds - b.seconds : a.nanos - b.nanos;
}

/** Compares two RFC 3339 date-times as instants; throws `ScpValidationError` on a bad one. */
export function compareScpTimestamps(a: string, b: string): number {
  return compareScpInstants(requireInstant(a, 'a'), requireInstant(b, 'b'));
}

function requireInstant(value: unknown, field: string): ScpInstant {
  const instant = parseScpTimestamp(value);
  if (!instant) {
    throw new ScpValidationError(
      'scp.timestamp.invalid',
      `not an RFC 3339 date-time: ${String(value)}`,
      {
        field,
        value,
        rule: 'RFC 3339 §5.6 date-time',
      },
    );
  }
  return instant;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The instant as `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, the fraction only when non-zero. */
export function formatScpInstant(instant: ScpInstant): string {
  const days = Math.floor(instant.seconds / 86400);
  const secondOfDay = instant.seconds - days * 86400;
  const { year, month, day } = civilFromDays(days);
  if (year < 0 || year > 9999) {
    throw new ScpValidationError('scp.timestamp.out_of_range', `year ${year} cannot be written`, {
      value: year,
      rule: 'RFC 3339 §5.6 date-fullyear',
    });
  }
  const hh = Math.floor(secondOfDay / 3600);
  const mm = Math.floor((secondOfDay % 3600) / 60);
  const ss = secondOfDay % 60;
  const fraction = instant.nanos === 0 ? '' : `.${pad(instant.nanos, 9).replace(/0+$/, '')}`;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hh, 2)}:${pad(mm, 2)}:${pad(ss, 2)}${fraction}Z`;
}

/**
 * Canonical UTC form of a publisher's time value (a `Date` or an RFC 3339 string with any
 * offset), as SCP output uses it. Throws `ScpValidationError` for anything else.
 */
export function formatScpTimestamp(value: Date | string, field = 'timestamp'): string {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (!Number.isFinite(ms)) {
      throw new ScpValidationError('scp.timestamp.invalid', 'invalid Date', {
        field,
        rule: 'RFC 3339 §5.6',
      });
    }
    const seconds = Math.floor(ms / 1000);
    return formatScpInstant({ seconds, nanos: (ms - seconds * 1000) * 1e6 });
  }
  return formatScpInstant(requireInstant(value, field));
}

/** RFC 9110 §5.6.7 IMF-fixdate of an RFC 3339 date-time (sub-second part dropped). */
export function scpTimestampToHttpDate(value: string): string {
  const instant = requireInstant(value, 'generated');
  return new Date(instant.seconds * 1000).toUTCString();
}

/** The instant as a `Date` (millisecond precision). */
export function scpInstantToDate(instant: ScpInstant): Date {
  return new Date(instant.seconds * 1000 + Math.floor(instant.nanos / 1e6));
}
