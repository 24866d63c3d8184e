import { sha256Hex } from '@agent-ready/core';

/** Fixed-length key for a path, so the unique index works on every database. */
export function pathKey(mPath: string): string {
  return sha256Hex(mPath);
}
