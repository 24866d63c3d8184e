import { ValidationError } from '../errors';

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

function isRealDateTime(match: RegExpExecArray): boolean {
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 60 &&
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
