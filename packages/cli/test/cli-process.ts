import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

/** The built command (`turbo run test` builds first). */
export const BIN = join(__dirname, '..', 'dist', 'bin.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function startCli(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args], { stdio: 'pipe' });
}

/** Collects a child's output until it exits. */
export function finished(child: ChildProcessWithoutNullStreams): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the command with `input` on stdin and returns what it wrote and its exit code. */
export function runCli(args: string[], input: string): Promise<CliResult> {
  const child = startCli(args);
  const result = finished(child);
  child.stdin.end(input);
  return result;
}

/** Output lines, each parsed as JSON. */
export function jsonLines(stdout: string): unknown[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** Resolves with the child's next complete stdout line (the child keeps running). */
export function nextLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      child.stdout.off('data', onData);
      child.off('close', onClose);
      resolve(buffered.slice(0, newline));
    };
    const onClose = () =>
      reject(new Error(`exited before a line; had ${JSON.stringify(buffered)}`));
    child.stdout.on('data', onData);
    child.on('close', onClose);
  });
}
