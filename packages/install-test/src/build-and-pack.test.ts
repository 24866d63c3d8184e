import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pinnedPnpm } from '../../../scripts/pnpm.mjs';
import { buildAndPack } from './build-and-pack';
import { runCommand } from './run-command';

const repo = resolve(__dirname, '..', '..', '..');

/**
 * What a fresh machine has: node, npm and npx, and the POSIX tools the start-up and the package
 * managers' `.bin` shims call (sh, sed, dirname, uname; tar and gzip read a packed manifest). No pnpm,
 * no turbo, nothing else of this machine's PATH.
 */
const TOOLS = ['npm', 'npx', 'sh', 'sed', 'dirname', 'uname', 'tar', 'gzip'];

function onPath(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    // The workspace's and npx's `.bin` folders are not the machine's.
    if (dir.includes('node_modules')) continue;
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(`${name} is not on this machine's PATH`);
}

function nodeAndNpmOnly(): string {
  const bin = mkdtempSync(join(tmpdir(), 'node-and-npm-'));
  symlinkSync(process.execPath, join(bin, 'node'));
  for (const tool of TOOLS) symlinkSync(onPath(tool), join(bin, tool));
  return bin;
}

const BUILD = `node -e "require('fs').mkdirSync('dist',{recursive:true});require('fs').writeFileSync('dist/index.js','export {};')"`;

/**
 * The smallest monorepo laid out as this one (pnpm workspace of `packages/*`, turbo, the pinned
 * pnpm): the start-up builds and packs it as it does the checkout, for a few seconds of CPU
 * instead of this repository's full build. turbo is the workspace's, linked (no install).
 */
function tinyWorkspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'tiny-workspace-'));
  const write = (file: string, value: unknown) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), JSON.stringify(value, null, 2));
  };
  write('package.json', { name: 'tiny', private: true, packageManager: pinnedPnpm() });
  writeFileSync(join(root, 'pnpm-workspace.yaml'), "packages:\n  - 'packages/*'\n");
  write('turbo.json', { tasks: { build: { dependsOn: ['^build'], outputs: ['dist/**'] } } });
  write('packages/a/package.json', {
    name: '@tiny/a',
    version: '1.0.0',
    type: 'module',
    exports: './dist/index.js',
    files: ['dist'],
    scripts: { build: BUILD },
  });
  const turbo = dirname(createRequire(join(repo, 'package.json')).resolve('turbo/package.json'));
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(turbo, join(root, 'node_modules', 'turbo'));
  symlinkSync(join('..', 'turbo', 'bin', 'turbo'), join(root, 'node_modules', '.bin', 'turbo'));
  return root;
}

/** `run` with this process's PATH and npm_execpath as given, restored after. */
async function withEnv<T>(
  env: { PATH: string; npm_execpath: string | undefined },
  run: () => Promise<T>,
): Promise<T> {
  const saved = { PATH: process.env.PATH, npm_execpath: process.env.npm_execpath };
  const set = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  set(env);
  try {
    return await run();
  } finally {
    set(saved);
  }
}

/** The pnpm a script of `root` runs under (`npx -y pnpm@<pinned>` run by npm): its npm_execpath. */
async function pnpmExecPath(root: string, bin: string, log: string): Promise<string> {
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({
      name: 'tiny',
      private: true,
      packageManager: pinnedPnpm(),
      scripts: { where: 'node -e "console.log(process.env.npm_execpath)"' },
    }),
  );
  const { stdout } = await withEnv({ PATH: bin, npm_execpath: undefined }, () =>
    runCommand('npx', ['-y', pinnedPnpm(), 'run', '--silent', 'where'], { cwd: root, log }),
  );
  return stdout.trim();
}

// Each start-up takes a few seconds of CPU; a loaded CI machine stretches that.
jest.setTimeout(180_000);

describe("the install test's start-up on a machine with only Node and npm", () => {
  const bin = nodeAndNpmOnly();

  it('has no pnpm there, nor turbo: a shell finds neither by name', () => {
    for (const name of ['turbo', 'pnpm']) {
      const lookup = spawnSync('sh', ['-c', `command -v ${name}`], { env: { PATH: bin } });
      expect([name, lookup.status === 0, String(lookup.stdout)]).toEqual([name, false, '']);
    }
  });

  async function buildsAndPacks(npmExecPath: (root: string) => Promise<string | undefined>) {
    const root = tinyWorkspace();
    const work = mkdtempSync(join(tmpdir(), 'work-'));
    mkdirSync(join(work, 'logs'));
    const execPath = await npmExecPath(root);
    const packed = await withEnv({ PATH: bin, npm_execpath: execPath }, () =>
      buildAndPack(root, work),
    );
    expect(existsSync(join(root, 'packages', 'a', 'dist', 'index.js'))).toBe(true);
    expect([...packed.keys()]).toEqual(['@tiny/a']);
    expect(packed.get('@tiny/a')!.tarball).toBe(join(work, 'tarballs', 'tiny-a-1.0.0.tgz'));
    expect(existsSync(packed.get('@tiny/a')!.tarball)).toBe(true);
  }

  it('builds (turbo) and packs as npm runs it: through npx and the pinned pnpm', async () => {
    await buildsAndPacks(async () => undefined);
  });

  it('builds (turbo) and packs as pnpm runs it (CI: `test:beside`), with that same pnpm', async () => {
    await buildsAndPacks((root) => pnpmExecPath(root, bin, join(root, 'where.log')));
  });
});
