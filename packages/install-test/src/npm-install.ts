import { runCommand } from './run-command';

/** npm as a stranger runs it, its cache in the test's temp folder. */
export function npm(
  args: readonly string[],
  options: { cwd: string; cache: string; log: string; env?: Record<string, string> },
) {
  return runCommand('npm', [...args, '--no-audit', '--no-fund'], {
    cwd: options.cwd,
    log: options.log,
    env: { npm_config_cache: options.cache, npm_config_update_notifier: 'false', ...options.env },
  });
}

/**
 * A README's install command for this test: each `@agent-ready/<name>` becomes the packed
 * tarballs of that package and of the siblings it depends on (which are not on the registry).
 */
export function withTarballs(
  command: readonly string[],
  tarballsFor: (names: string[]) => string[],
): string[] {
  const ours = command.filter((word) => word.startsWith('@agent-ready/'));
  const rest = command.filter((word) => !word.startsWith('@agent-ready/'));
  return ours.length === 0 ? rest : [...rest, ...tarballsFor(ours)];
}
