import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Third-party conformance data lives beside the repository (`../shared/conformance/`), never
 * copied into it. `AGENT_READY_CONFORMANCE_DIR` overrides the location. Where neither exists
 * (a laptop with only the repository), the suites that need it skip with a message saying so.
 */
export function conformanceDir(): string | undefined {
  const root = repositoryRoot();
  const candidates = [
    process.env.AGENT_READY_CONFORMANCE_DIR,
    root === undefined ? undefined : resolve(root, '..', 'shared', 'conformance'),
  ].filter((dir): dir is string => typeof dir === 'string' && dir !== '');
  return candidates.find((dir) => existsSync(dir));
}

/** The monorepo root: the nearest folder above the working directory with pnpm-workspace.yaml. */
export function repositoryRoot(from: string = process.cwd()): string | undefined {
  let dir = resolve(from);
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return dir;
}

/** `describe` when the conformance data is present, otherwise a skipped suite that says why. */
export function describeConformance(name: string, body: (dir: string) => void): void {
  const dir = conformanceDir();
  if (dir === undefined) {
    describe.skip(`${name} (skipped: no ../shared/conformance; set AGENT_READY_CONFORMANCE_DIR)`, () => {
      it('needs the conformance data', () => undefined);
    });
    return;
  }
  describe(name, () => body(dir));
}

export function readConformanceJson<T>(dir: string, ...path: string[]): T {
  return JSON.parse(readFileSync(join(dir, ...path), 'utf8')) as T;
}
