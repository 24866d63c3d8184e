import { ValidationError } from '@agent-ready/core/errors';
import { sha256Hex } from '@agent-ready/core';

/**
 * A search page's cursor: where the page before ended in the ranked order (score descending,
 * then row id), bound to the query and filters it was made for. Opaque to clients (base64url);
 * a cursor that is not one of ours, or another query's, is a clear error, never a wrong page.
 */
export interface SearchPosition {
  score: number;
  id: number;
}

/** What a cursor is bound to: the query and its filters. */
export function searchCursorScope(parts: readonly unknown[]): string {
  return sha256Hex(JSON.stringify(parts)).slice(0, 16);
}

export function formatSearchCursor(position: SearchPosition, scope: string): string {
  return Buffer.from(JSON.stringify([1, scope, position.score, position.id]), 'utf8').toString(
    'base64url',
  );
}

function invalidCursor(cursor: string): never {
  throw new ValidationError('search.cursor', 'the cursor is not one this search gave out', {
    field: 'cursor',
    value: cursor.slice(0, 100),
  });
}

export function parseSearchCursor(cursor: string, scope: string): SearchPosition {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) invalidCursor(cursor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    invalidCursor(cursor);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== 1 || parsed[1] !== scope)
    invalidCursor(cursor);
  const [, , score, id] = parsed as [number, string, unknown, unknown];
  if (typeof score !== 'number' || !Number.isFinite(score)) invalidCursor(cursor);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) invalidCursor(cursor);
  return { score, id };
}
