/**
 * HTTP-date (RFC 9110 §5.6.7): we send IMF-fixdate only and accept the two obsolete forms on
 * input. `Date.parse` is not used: it reads asctime dates as local time and accepts far more
 * than the grammar allows, so a malformed date could silently become a validator.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

export function formatHttpDate(date: Date): string {
  return date.toUTCString();
}

function utc(year: number, month: string, day: number, h: string, m: string, s: string) {
  const monthIndex = MONTHS.indexOf(month);
  const time = Date.UTC(year, monthIndex, day, Number(h), Number(m), Number(s));
  const date = new Date(time);
  // Reject impossible dates (Feb 30) rather than letting Date roll them over.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== monthIndex) return undefined;
  if (Number(h) > 23 || Number(m) > 59 || Number(s) > 60) return undefined;
  return date;
}

/** Parses an HTTP-date; `undefined` for anything else (callers then ignore the header). */
export function parseHttpDate(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  let match = IMF_FIXDATE.exec(text);
  if (match)
    return utc(Number(match[3]), match[2]!, Number(match[1]), match[4]!, match[5]!, match[6]!);
  match = RFC850_DATE.exec(text);
  if (match) {
    // RFC 9110: a two-digit year more than 50 years in the future means the past century.
    const twoDigit = Number(match[3]);
    const nowYear = new Date().getUTCFullYear();
    let year = Math.floor(nowYear / 100) * 100 + twoDigit;
    if (year > nowYear + 50) year -= 100;
    return utc(year, match[2]!, Number(match[1]), match[4]!, match[5]!, match[6]!);
  }
  match = ASCTIME_DATE.exec(text);
  if (match)
    return utc(
      Number(match[6]),
      match[1]!,
      Number(match[2]!.trim()),
      match[3]!,
      match[4]!,
      match[5]!,
    );
  return undefined;
}

/** Whole seconds: HTTP dates have no sub-second precision, so comparisons must not either. */
export function toHttpSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
