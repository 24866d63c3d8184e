import type { Command } from 'commander';
// The URI entry only: the `uri` commands start without loading every protocol.
import { compareUris, normalizeUriReference, resolveUri } from '@agent-ready/core/uri';
import { mapJsonLines } from '../io/map-json-lines';

function stringPair(value: unknown, names: string): [string, string] {
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    typeof value[1] !== 'string'
  ) {
    throw new Error(`expected a JSON array of two strings: [${names}]`);
  }
  return [value[0], value[1]];
}

function requireJsonl(options: { jsonl?: boolean }): void {
  if (options.jsonl !== true) {
    throw new Error('this command reads JSON Lines from standard input: pass --jsonl');
  }
}

interface EquivalentOptions {
  jsonl?: boolean;
  forRetrieval?: boolean;
  redirectShowsTrailingSlash?: boolean;
}

/** `agent-ready uri normalize|equivalent|resolve`: the RFC 3986/3987 module of the core. */
export function registerUriCommands(program: Command): void {
  const uri = program
    .command('uri')
    .description('Normalize, compare and resolve URIs and IRIs (RFC 3986, RFC 3987, UTS #46)');

  uri
    .command('normalize')
    .description(
      'Normal form of URIs/IRIs, as the project emits them; relative references get the ' +
        'syntax-based normal form without a base. With --jsonl: one JSON ' +
        'string per input line, {"normalized": "…"} or {"error": "…"} per output line.',
    )
    .argument('[uris...]', 'URIs to normalize (one result per line); or use --jsonl')
    .option('--jsonl', 'read JSON Lines from standard input')
    .action(async (uris: string[], options: { jsonl?: boolean }) => {
      if (options.jsonl === true) {
        await mapJsonLines(process.stdin, process.stdout, (value) => ({
          normalized: normalizeUriReference(value as string),
        }));
        return;
      }
      if (uris.length === 0) throw new Error('give URIs as arguments or pass --jsonl');
      for (const text of uris) {
        try {
          process.stdout.write(`${normalizeUriReference(text)}\n`);
        } catch (error) {
          process.stderr.write(`${text}: ${(error as Error).message}\n`);
          process.exitCode = 1;
        }
      }
    });

  uri
    .command('equivalent')
    .description(
      'Compare pairs on the RFC 3986 §6.2 ladder. Input lines ["a","b"]; output ' +
        '{"equivalent": true|false, "rung": "simple-string|syntax-based|scheme-based|protocol-based|none"}.',
    )
    .option('--jsonl', 'read JSON Lines from standard input')
    .option('--for-retrieval', 'leave fragments out of the comparison (RFC 3986 §6.1)')
    .option(
      '--redirect-shows-trailing-slash',
      'a redirect showed that a trailing slash makes no difference (protocol-based rung)',
    )
    .action(async (options: EquivalentOptions) => {
      requireJsonl(options);
      await mapJsonLines(process.stdin, process.stdout, (value) => {
        const [a, b] = stringPair(value, '"a", "b"');
        return compareUris(a, b, {
          forRetrieval: options.forRetrieval === true,
          redirectShowsTrailingSlash: options.redirectShowsTrailingSlash === true,
        });
      });
    });

  uri
    .command('resolve')
    .description(
      'RFC 3986 §5.2 reference resolution (strict). Input lines ["base","reference"]; output ' +
        '{"resolved": "…"} or {"error": "…"}.',
    )
    .option('--jsonl', 'read JSON Lines from standard input')
    .action(async (options: { jsonl?: boolean }) => {
      requireJsonl(options);
      await mapJsonLines(process.stdin, process.stdout, (value) => {
        const [base, reference] = stringPair(value, '"base", "reference"');
        return { resolved: resolveUri(base, reference) };
      });
    });
}
