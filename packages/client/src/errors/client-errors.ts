import { AgentReadyError, ValidationError } from '@agent-ready/core/errors';

/** A request the client's budget does not allow: too many requests, bytes or seconds. */
export class HttpBudgetError extends AgentReadyError {}

/** A request that did not complete: network failure, timeout, body over its cap. */
export class HttpTransportError extends AgentReadyError {}

/** A sync that cannot proceed: no sitemap, a state directory of another origin, … */
export class SyncError extends AgentReadyError {}

/** A client option outside its allowed range, named by `field`. */
export class ClientOptionError extends ValidationError {}

export function positiveInteger(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ClientOptionError('client.option', `${field} must be a positive integer`, {
      field,
      value,
    });
  }
  return value;
}
