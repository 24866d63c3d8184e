import type { Command } from 'commander';

/** Each command module adds its sub-commands to the program. */
export type RegisterCommands = (program: Command) => void;

/**
 * Every command group of the CLI, in the order `--help` lists them, loaded on demand: a run
 * loads only the module of the command it runs (most of the start-up time is loading the
 * protocol code a command needs).
 */
export const commandModules: readonly {
  names: readonly string[];
  load: () => Promise<RegisterCommands>;
}[] = [
  { names: ['normalize'], load: async () => (await import('./text')).registerTextCommands },
  { names: ['json'], load: async () => (await import('./json')).registerJsonCommands },
  { names: ['uri'], load: async () => (await import('./uri')).registerUriCommands },
  { names: ['scp'], load: async () => (await import('./scp')).registerScpCommands },
  { names: ['llmindex'], load: async () => (await import('./llmindex')).registerLlmindexCommands },
  { names: ['validate'], load: async () => (await import('./validate')).registerValidateCommands },
  { names: ['sync'], load: async () => (await import('./sync')).registerSyncCommands },
  { names: ['mcp'], load: async () => (await import('./mcp')).registerMcpCommands },
];

/**
 * The registrations a run needs: its command's module; none for `--version`; all of them for
 * help and unknown commands (their messages list every command).
 */
export async function commandRegistrationsFor(
  argv: readonly string[],
): Promise<RegisterCommands[]> {
  const first = argv.find((arg) => !arg.startsWith('-'));
  if (first === undefined && (argv.includes('--version') || argv.includes('-V'))) return [];
  const wanted = commandModules.filter((m) => first !== undefined && m.names.includes(first));
  return Promise.all((wanted.length > 0 ? wanted : commandModules).map((m) => m.load()));
}
