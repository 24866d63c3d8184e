import type { Command } from 'commander';
import { registerScpCommands } from './scp';

/** Each command module adds its sub-commands to the program. */
export type RegisterCommands = (program: Command) => void;

/** Every command group of the CLI, in the order `--help` lists them. */
export const commandRegistrations: RegisterCommands[] = [registerScpCommands];
