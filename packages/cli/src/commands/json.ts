import type { Command } from 'commander';
// The JSON entry only: `json canonicalize` starts without loading every protocol.
import { canonicalizeJson, CanonicalJsonError } from '@agent-ready/core/json';
import { mapJsonLines } from '../io/map-json-lines';
import { commandGroup, requireJsonLines } from './command-group';

export function registerJsonCommands(program: Command): void {
  commandGroup(program, 'json', 'JSON as the protocols hash and sign it.')
    .command('canonicalize')
    .description(
      'RFC 8785 (JCS) canonical form: one JSON value per stdin line in, its canonical text as ' +
        'a JSON string per line out ({"error"} for a value JCS cannot represent, e.g. 1e400).',
    )
    .option('--jsonl', 'read and write JSON Lines (required)')
    .action(async (options: { jsonl?: boolean }, command: Command) => {
      requireJsonLines(command, options);
      // The canonical text is returned as a string, so each output line is its JSON literal.
      await mapJsonLines(process.stdin, process.stdout, canonicalizeOrExplain);
    });
}

function canonicalizeOrExplain(value: unknown): string {
  try {
    return canonicalizeJson(value);
  } catch (error) {
    // Say where in the value the problem is: `a[0]: Infinity is not allowed in JSON`.
    if (error instanceof CanonicalJsonError && error.field) {
      throw new Error(`${error.field}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}
