import { appendFileSync } from 'node:fs';
import { runCommand } from './run-command';

/** npm as a stranger runs it, its cache in the test's temp folder. */
export async function npm(
  args: readonly string[],
  options: { cwd: string; cache: string; log: string; env?: Record<string, string> },
) {
  const run = () =>
    runCommand('npm', [...args, '--no-audit', '--no-fund'], {
      cwd: options.cwd,
      log: options.log,
      env: { npm_config_cache: options.cache, npm_config_update_notifier: 'false', ...options.env },
    });
  try {
    return await run();
  } catch (error) {
    if (!isTextFileBusy(error)) throw error;
    // esbuild's install script links its native binary into place and at once runs it to check
    // its version; on Linux that exec fails with ETXTBSY while any process still holds the file
    // open for writing (a known race of npm's parallel install scripts, not of our packages). A
    // stranger runs `npm install` again; so does this test, once, and says so in the log.
    appendFileSync(options.log, '\n(ETXTBSY from an install script: npm install once more)\n');
    return run();
  }
}

/** Whether a failed npm run failed on a binary busy being written (ETXTBSY). */
export function isTextFileBusy(error: unknown): boolean {
  return error instanceof Error && /\bETXTBSY\b/.test(error.message);
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
