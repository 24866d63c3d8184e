import { AgentReadyError } from '../errors';

/**
 * Every failure of the URI module. `code` names the broken rule (see `UriErrorCode`), `field`
 * the URI component (`scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`, or
 * `base`/`reference` for resolution), `value` the whole input string.
 */
export class UriError extends AgentReadyError {}

export type UriErrorCode =
  | 'uri.not-a-string'
  | 'uri.not-absolute'
  | 'uri.invalid-scheme'
  | 'uri.invalid-userinfo'
  | 'uri.invalid-host'
  | 'uri.invalid-port'
  | 'uri.invalid-path'
  | 'uri.invalid-query'
  | 'uri.invalid-fragment'
  | 'uri.invalid-percent-encoding'
  | 'uri.idna'
  | 'uri.not-http';

export function uriError(
  code: UriErrorCode,
  message: string,
  details: { field: string; value: unknown; rule: string },
): UriError {
  return new UriError(code, message, details);
}

/** Callers outside TypeScript (JSON Lines, plugins) can hand over anything. */
export function assertString(value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string') {
    throw uriError('uri.not-a-string', `a URI must be a string, got ${describeType(value)}`, {
      field,
      value,
      rule: 'RFC 3986 §2',
    });
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
