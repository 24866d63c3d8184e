import { AgentReadyError, type AgentReadyErrorDetails } from '@agent-ready/core/errors';

/** Anything the store refuses or cannot do. */
export class StoreError extends AgentReadyError {}

/**
 * The database could not be reached or went away mid-operation. The transaction was rolled
 * back, so nothing is half-written; the same call can be retried once the database is back.
 */
export class StoreUnavailableError extends StoreError {
  readonly retryable = true;
  constructor(message: string, details: AgentReadyErrorDetails = {}) {
    super('store.unavailable', message, details);
  }
}

/**
 * Whether serving should answer 503 (Retry-After) rather than fail: the database is unreachable,
 * or the tables another process writes do not exist yet. One rule for every adapter.
 */
export function isStoreUnavailable(error: unknown): error is StoreError {
  return (
    error instanceof StoreUnavailableError ||
    (error instanceof StoreError && error.code === 'store.missing-tables')
  );
}

/** Two documents claim the same URL. */
export class DuplicateUrlError extends StoreError {}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

/** Whether an error from the driver means "the database is not reachable right now". */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  return /Connection terminated|connection error and is not queryable|connection is in closed state|Connection ended unexpectedly|Knex: Timeout acquiring a connection|connect ECONNREFUSED|Connection lost|server closed the connection|database is locked|Cannot enqueue|The client was destroyed/i.test(
    error.message,
  );
}

/** Rewraps driver connection failures as StoreUnavailableError; other errors pass unchanged. */
export async function translateDatabaseErrors<T>(
  operation: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StoreError || !isConnectionError(error)) throw error;
    throw new StoreUnavailableError(
      `${operation}: the database is unavailable (${(error as Error).message})`,
      {
        cause: error,
      },
    );
  }
}

/** Unique-constraint violations across SQLite, PostgreSQL and MySQL/MariaDB. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return (
    code === '23505' ||
    code === 'ER_DUP_ENTRY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
