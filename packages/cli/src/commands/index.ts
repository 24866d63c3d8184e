import type { Command } from 'commander';
import { registerLlmindexCommands } from './llmindex';
import { registerUriCommands } from './uri';
import { registerJsonCommands } from './json';
import { registerTextCommands } from './text';

/** Each command module adds its sub-commands to the program. */
export type RegisterCommands = (program: Command) => void;

/** Every command group of the CLI, in the order `--help` lists them. */
export const commandRegistrations: RegisterCommands[] = [
  registerTextCommands,
  registerJsonCommands,
  registerUriCommands,
  registerLlmindexCommands,
];
