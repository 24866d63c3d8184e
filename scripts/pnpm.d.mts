// Types of scripts/pnpm.mjs for the TypeScript that imports it (the install test).

/** `pnpm@<version>` from the `packageManager` field of the root package.json. */
export function pinnedPnpm(root?: string): string;

/**
 * How to start pnpm with `args`: `command` and `args` for a spawn, and `pathPrefix`, a folder to
 * put first on the child's PATH when the child must find this pnpm by name.
 */
export function pnpmCommand(
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
  root?: string,
): { command: string; args: string[]; pathPrefix?: string };

/** `env` with `pathPrefix` first on its PATH (when there is one). */
export function withPathPrefix(
  env: NodeJS.ProcessEnv,
  pathPrefix: string | undefined,
): NodeJS.ProcessEnv;
