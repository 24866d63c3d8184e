import type { Command } from 'commander';
import { createHash } from 'node:crypto';
// The text entry only: `normalize text` starts without loading every protocol.
import { normalizeText } from '@agent-ready/core/text';
import { mapJsonLines } from '../io/map-json-lines';
import { commandGroup, jsonTypeOf, requireJsonLines } from './command-group';

export function registerTextCommands(program: Command): void {
  commandGroup(program, 'normalize', 'Normalize values the way the protocols compare them.')
    .command('text')
    .description(
      'Text normalization of the TCT fingerprint (entities, NFKC, case folding, spacing): ' +
        'one JSON string per stdin line in, {"normalized", "fingerprint"} per line out.',
    )
    .option('--jsonl', 'read and write JSON Lines (required)')
    .action(async (options: { jsonl?: boolean }, command: Command) => {
      requireJsonLines(command, options);
      await mapJsonLines(process.stdin, process.stdout, (value) => {
        if (typeof value !== 'string')
          throw new Error(`expected a JSON string, got ${jsonTypeOf(value)}`);
        const normalized = normalizeText(value);
        // fingerprintText(value), without normalizing twice.
        return {
          normalized,
          fingerprint: `sha256-${createHash('sha256').update(normalized, 'utf8').digest('hex')}`,
        };
      });
    });
}
