import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Commands a fresh machine (Node 20 and npm) does not have: pnpm itself, and turbo, which starts
 * pnpm by name. Both go through scripts/pnpm.mjs (`node scripts/pnpm.mjs exec turbo ...`).
 */
const BY_NAME = 'pnpm|pnpx|turbo';
const CODE = /\.(?:[cm]?js|[cm]?ts|tsx)$/;
const SHELL = /\.(?:sh|bash)$/;

/** In code: a spawn whose command is pnpm, or the string 'pnpm' followed by its arguments. */
const CODE_RULES: RegExp[] = [
  /['"`]pnp[mx]['"`]\s*,/,
  new RegExp(
    String.raw`\b(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork|runCommand|startProcess|timeProcess)\(\s*['"\`](?:${BY_NAME})\b`,
  ),
];
/** In a shell line: one of them where a command starts. */
const SHELL_COMMAND = new RegExp(
  String.raw`(?:^|[;&|(]|\$\(|\b(?:then|do|else)\s)\s*(?:(?:exec|time|\w+=\S*)\s+)*(?:${BY_NAME})(?:\s|$)`,
);
/**
 * The pinned version is read from package.json's `packageManager`, never written again: not in a
 * command, nor as a string in code (test data aside).
 */
const PINNED_VERSION = /\bpnpm@\d/;
const PINNED_VERSION_STRING = /['"`]pnpm@\d/;
const TEST = /\.test\.[cm]?[jt]sx?$/;

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** A package.json's scripts that start pnpm or turbo by name (each `&&`/`;`/`|` part). */
function scriptFindings(file: string, text: string): Finding[] {
  let manifest: { scripts?: Record<string, string> };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch {
    return []; // not a manifest (a fixture's broken one)
  }
  const findings: Finding[] = [];
  for (const [name, command] of Object.entries(manifest.scripts ?? {})) {
    if (SHELL_COMMAND.test(command) || PINNED_VERSION.test(command)) {
      const line = text.split('\n').findIndex((l) => l.includes(`"${name}":`)) + 1;
      findings.push({ file, line, text: `"${name}": "${command}"` });
    }
  }
  return findings;
}

function lineFindings(file: string, text: string, rules: RegExp[]): Finding[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      rules.some((rule) => rule.test(line)) ? [{ file, line: index + 1, text: line.trim() }] : [],
    );
}

/**
 * Where a file starts pnpm (or turbo) by name, or writes the pinned pnpm version out: in code
 * (.ts, .js, .mjs...), in package.json scripts, in shell scripts (.sh, or a `#!` bash/sh file).
 * Docs (Markdown) are not commands and are not read.
 */
export function findPnpmByNameIn(file: string, text: string): Finding[] {
  if (basename(file) === 'package.json') return scriptFindings(file, text);
  if (CODE.test(file)) {
    const code = text
      .split('\n')
      .map((line) => (/^\s*(?:\/\/|\*|\/\*)/.test(line) ? '' : line))
      .join('\n');
    return lineFindings(
      file,
      code,
      TEST.test(file) ? CODE_RULES : [...CODE_RULES, PINNED_VERSION_STRING],
    );
  }
  if (SHELL.test(file) || /^#!.*\b(?:ba)?sh\b/.test(text)) {
    const commands = text
      .split('\n')
      .map((line) => (/^\s*#/.test(line) ? '' : line))
      .join('\n');
    return lineFindings(file, commands, [SHELL_COMMAND, PINNED_VERSION]);
  }
  return [];
}

/** Whether a file can hold a command: code, a manifest, a shell script (named or extensionless). */
const mayHoldCommands = (file: string) =>
  basename(file) === 'package.json' ||
  CODE.test(file) ||
  SHELL.test(file) ||
  !basename(file).includes('.');

/**
 * Every file of `repo` git knows or would add (tracked, or new and not ignored) that starts pnpm
 * by name (findPnpmByNameIn), but those in `except`.
 */
export function findPnpmByName(repo: string, except: readonly string[] = []): Finding[] {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: repo, encoding: 'utf8' },
  ).split('\0');
  return [...new Set(files)]
    .filter((file) => file !== '' && !except.includes(file) && mayHoldCommands(file))
    .flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(join(repo, file), 'utf8');
      } catch {
        return []; // deleted in the working tree
      }
      return findPnpmByNameIn(file, text);
    });
}
