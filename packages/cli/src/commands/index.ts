import type { Command } from 'commander';
import { registerJsonCommands } from './json';
import { registerLlmindexCommands } from './llmindex';
import { registerScpCommands } from './scp';
import { registerTextCommands } from './text';
import { registerUriCommands } from './uri';
import { registerSyncCommands } from './sync';
import { registerValidateCommands } from './validate';

/** Each command module adds its sub-commands to the program. */
export type RegisterCommands = (program: Command) => void;

/** Every command group of the CLI, in the order `--help` lists them. */
export const commandRegistrations: RegisterCommands[] = [
  registerTextCommands,
  registerJsonCommands,
  registerUriCommands,
  registerScpCommands,
  registerLlmindexCommands,
  registerValidateCommands,
  registerSyncCommands,
];
