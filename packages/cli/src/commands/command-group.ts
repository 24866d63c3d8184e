import type { Command } from 'commander';

/**
 * The parent command `name` (e.g. `normalize`), created on first use. Several command modules
 * add sub-commands to the same group (`normalize text`, `normalize uri`, …) without knowing
 * about each other; commander refuses a second command of the same name.
 */
export function commandGroup(program: Command, name: string, description: string): Command {
  return (
    program.commands.find((command) => command.name() === name) ??
    program.command(name).description(description)
  );
}

/** Stops with exit code 2 and the command's usage unless `--jsonl` was given. */
export function requireJsonLines(command: Command, options: { jsonl?: boolean }): void {
  if (!options.jsonl) {
    command.error(`${command.parent?.name()} ${command.name()}: only --jsonl input is supported`, {
      exitCode: 2,
      code: 'agent-ready.usage',
    });
  }
}

/** How an unexpected JSON value is named in an error line. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
