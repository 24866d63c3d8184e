import { AgentReadyError, ValidationError } from '../errors';
import type { LlmindexProblem } from './llmindex-types';

/** A manifest, feed line or builder input that breaks llmindex v0.1; `problems` lists all. */
export class LlmindexValidationError extends ValidationError {
  readonly problems: LlmindexProblem[];

  constructor(what: string, problems: LlmindexProblem[]) {
    const first = problems[0];
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(
      'llmindex.invalid',
      `invalid ${what}: ${first ? `${first.field || '(document)'}: ${first.message}` : 'unknown'}${more}`,
      {
        field: first?.field,
        value: first?.value,
        rule: 'llmindex v0.1 §3/§5; docs/protocols.md#llmindex-manifest',
      },
    );
    this.problems = problems;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), problems: this.problems };
  }
}

/** Keys that cannot sign or verify (wrong type, missing members, unknown `kid`). */
export class LlmindexKeyError extends AgentReadyError {}

/** Signing failed for a reason other than the manifest or the key shape. */
export class LlmindexSignatureError extends AgentReadyError {}
