import { canonicalizeJson } from '../json';
import { isJsonObject } from './collect-llmindex-problems';
import { LlmindexValidationError } from './llmindex-errors';

/**
 * What an llmindex signature covers (DECISIONS §3): the RFC 8785 (JCS) canonical form of the
 * manifest without its top-level `sig` member. Nested members named `sig` stay. Throws
 * `LlmindexValidationError` for a non-object, `CanonicalJsonError` for values JSON cannot hold.
 */
export function llmindexSigningPayload(manifest: unknown): string {
  if (!isJsonObject(manifest)) {
    throw new LlmindexValidationError('llmindex manifest', [
      { field: '', code: 'type', message: 'a manifest is a JSON object' },
    ]);
  }
  const unsigned = Object.fromEntries(Object.entries(manifest).filter(([key]) => key !== 'sig'));
  return canonicalizeJson(unsigned);
}
