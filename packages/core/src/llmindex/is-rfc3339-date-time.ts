const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * RFC 3339 §5.6 `date-time` (what JSON Schema's `format: date-time` means): full date, `T`,
 * full time with seconds, optional fraction, and `Z` or a numeric offset. Field ranges are
 * checked (month, day of that month, hour, minute; second 60 for leap seconds).
 */
export function isRfc3339DateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const [offsetHour, offsetMinute] = [Number(match[8] ?? 0), Number(match[9] ?? 0)];
  return (
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth(year!, month!) &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 60 &&
    offsetHour <= 23 &&
    offsetMinute <= 59
  );
}

/** `Date` → RFC 3339 in UTC, without a fraction when it is zero (`2026-02-20T00:00:00Z`). */
export function formatRfc3339DateTime(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}
