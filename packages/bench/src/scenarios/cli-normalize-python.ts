import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_READY_BIN, timeProcess } from './agent-ready-command';
import { buildMixedScriptDocuments } from './mixed-script-corpus';
import { figure, ScenarioSkipped, type BenchScenario } from '../measurement';

const CORPUS_BYTES = 10 * 1024 * 1024;
/** About a page of text per input line. */
const DOCUMENT_BYTES = 4096;
/** Issue #20: the CLI should be at least twice as fast as the Python reference. */
const GOAL_RATIO = 2;
/** Our implementation of the Python reference pipeline (see the script's docstring). */
const PYTHON_REFERENCE = fileURLToPath(
  new URL('../../python/normalize_text_reference.py', import.meta.url),
);

/** `python3`'s version and Unicode version, or a skip when there is no usable python3. */
function python3Versions(): { python: string; unicode: string } {
  const probe = spawnSync(
    'python3',
    ['-c', 'import sys, unicodedata; print(sys.version.split()[0], unicodedata.unidata_version)'],
    { encoding: 'utf8' },
  );
  if (probe.error || probe.status !== 0) {
    throw new ScenarioSkipped(
      'python3 is not on the PATH, so the Python reference pipeline cannot run.',
    );
  }
  const [python = '?', unicode = '?'] = probe.stdout.trim().split(' ');
  return { python, unicode };
}

/** Runs a JSON Lines filter from file to file; returns its wall time in ms. */
function timeFilter(command: string, args: string[], input: string, output: string): number {
  const stdin = openSync(input, 'r');
  const stdout = openSync(output, 'w');
  try {
    return timeProcess(command, args, { stdio: [stdin, stdout, 'pipe'] });
  } finally {
    closeSync(stdin);
    closeSync(stdout);
  }
}

/** Fails unless both tools wrote the same bytes: a speed ratio between different answers means nothing. */
function assertSameOutput(cliOutput: string, pythonOutput: string): number {
  const cli = readFileSync(cliOutput, 'utf8').split('\n');
  const python = readFileSync(pythonOutput, 'utf8').split('\n');
  const line = cli.findIndex((text, i) => text !== python[i]);
  if (line !== -1 || cli.length !== python.length) {
    const at = line === -1 ? Math.min(cli.length, python.length) : line;
    throw new Error(
      `agent-ready and the Python reference disagree at output line ${at + 1}:\n` +
        `  agent-ready: ${cli[at]?.slice(0, 300)}\n  python:      ${python[at]?.slice(0, 300)}`,
    );
  }
  return cli.filter(Boolean).length;
}

/**
 * `agent-ready normalize text --jsonl` against the TCT reference pipeline in Python (html.unescape,
 * NFKC, casefold, drop controls, collapse spaces, strip; then SHA-256), both as whole processes
 * reading the same ~10 MB mixed-script JSON Lines file. Their outputs must be identical.
 */
export const cliNormalizePythonScenario: BenchScenario = {
  id: 'cli.normalize-python',
  title: 'CLI normalize text --jsonl vs the Python reference pipeline (10 MB mixed-script corpus)',
  async run({ quick }) {
    const versions = python3Versions();
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-bench-normalize-python-'));
    try {
      const documents = buildMixedScriptDocuments(CORPUS_BYTES, DOCUMENT_BYTES);
      const input = join(dir, 'corpus.jsonl');
      writeFileSync(input, `${documents.map((d) => JSON.stringify(d)).join('\n')}\n`);
      const megabytes = readFileSync(input).length / 1e6;
      const cliOutput = join(dir, 'agent-ready.jsonl');
      const pythonOutput = join(dir, 'python.jsonl');
      const cli = () =>
        timeFilter(
          process.execPath,
          [AGENT_READY_BIN, 'normalize', 'text', '--jsonl'],
          input,
          cliOutput,
        );
      const python = () => timeFilter('python3', [PYTHON_REFERENCE], input, pythonOutput);

      // The first run of each warms the file cache and gives the outputs to compare.
      cli();
      python();
      const lines = assertSameOutput(cliOutput, pythonOutput);
      const repeats = quick ? 2 : 5;
      const cliSamples: number[] = [];
      const pythonSamples: number[] = [];
      for (let r = 0; r < repeats; r++) {
        cliSamples.push(megabytes / (cli() / 1000));
        pythonSamples.push(megabytes / (python() / 1000));
      }
      return [
        figure({
          id: 'cli.normalize-python.throughput',
          title: `agent-ready normalize text --jsonl, ${lines.toLocaleString('en-US')} lines, ${megabytes.toFixed(1)} MB`,
          unit: 'MB/s',
          betterIs: 'higher',
          samples: cliSamples,
          baseline: {
            title: `Python reference pipeline (Python ${versions.python})`,
            samples: pythonSamples,
          },
          goalRatio: GOAL_RATIO,
          notes:
            `Both outputs identical, byte for byte (${lines.toLocaleString('en-US')} lines of normalized text and SHA-256 fingerprint). ` +
            'Whole processes from spawn to exit, start-up included, file in and file out. ' +
            `Unicode ${process.versions.unicode} in Node, ${versions.unicode} in Python: identical outputs also show the corpus holds no code point whose mappings changed in between.`,
        }),
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
