import { parseHttpDate } from '@agent-ready/core/http';

/** Longest wait a Retry-After can ask for before it is treated as "give up" (one day). */
const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * Milliseconds a `Retry-After` field (RFC 9110 §10.2.3) asks to wait: delta-seconds or an
 * HTTP-date (a date in the past means now). `undefined` when absent or malformed.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d{1,10}$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const date = parseHttpDate(trimmed);
  if (date === undefined) return undefined;
  return Math.min(Math.max(0, date.getTime() - now), MAX_RETRY_AFTER_MS);
}
