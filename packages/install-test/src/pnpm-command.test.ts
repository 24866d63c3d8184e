import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pinnedPnpm, pnpmCommand, withPathPrefix } from '../../../scripts/pnpm.mjs';

const repo = resolve(__dirname, '..', '..', '..');

/** A folder laid out as npm installs pnpm (npx, global): the package and its `.bin` link. */
function npmInstalledPnpm(): { execPath: string; bin: string } {
  const modules = join(mkdtempSync(join(tmpdir(), 'pnpm-')), 'node_modules');
  mkdirSync(join(modules, 'pnpm/bin'), { recursive: true });
  mkdirSync(join(modules, '.bin'));
  const execPath = join(modules, 'pnpm/bin/pnpm.cjs');
  writeFileSync(execPath, '');
  writeFileSync(join(modules, '.bin', 'pnpm'), '');
  return { execPath, bin: join(modules, '.bin') };
}

function rootWith(packageManager: unknown): string {
  const root = mkdtempSync(join(tmpdir(), 'root-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'x', packageManager }));
  return root;
}

describe('pinnedPnpm', () => {
  it("is the root package.json's packageManager", () => {
    const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      packageManager: string;
    };
    expect(pinnedPnpm()).toBe(manifest.packageManager);
  });

  it("drops corepack's hash", () => {
    expect(
      pinnedPnpm(rootWith('pnpm@9.15.0+sha512.76e2379760a4328ec4415815bcd6628dee727af3')),
    ).toBe('pnpm@9.15.0');
  });

  it.each([['yarn@4.5.0'], ['pnpm'], ['pnpm@latest'], [undefined]])(
    'refuses %p, naming the field',
    (packageManager) => {
      expect(() => pinnedPnpm(rootWith(packageManager))).toThrow(/"packageManager" names no pnpm/);
    },
  );
});

describe('pnpmCommand', () => {
  it('is npx with the pinned version outside pnpm', () => {
    expect(pnpmCommand(['pack', '--json'], {})).toEqual({
      command: 'npx',
      args: ['-y', pinnedPnpm(), 'pack', '--json'],
    });
  });

  it('is npx with the pinned version under npm', () => {
    const env = { npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' };
    expect(pnpmCommand(['install'], env).command).toBe('npx');
  });

  it('is the pnpm this process runs under, findable by name for its children', () => {
    const { execPath, bin } = npmInstalledPnpm();
    expect(pnpmCommand(['exec', 'turbo'], { npm_execpath: execPath })).toEqual({
      command: process.execPath,
      args: [execPath, 'exec', 'turbo'],
      pathPrefix: bin,
    });
  });

  it('is a standalone pnpm itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'standalone-'));
    writeFileSync(join(dir, 'pnpm'), '');
    expect(pnpmCommand(['pack'], { npm_execpath: join(dir, 'pnpm') })).toEqual({
      command: join(dir, 'pnpm'),
      args: ['pack'],
      pathPrefix: dir,
    });
  });

  it('falls back to npx when no `pnpm` command is beside the running one (turbo needs one)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loose-'));
    writeFileSync(join(dir, 'pnpm.cjs'), '');
    expect(pnpmCommand(['pack'], { npm_execpath: join(dir, 'pnpm.cjs') }).command).toBe('npx');
  });
});

describe('withPathPrefix', () => {
  it('puts the folder first', () => {
    expect(withPathPrefix({ PATH: '/usr/bin:/bin', HOME: '/h' }, '/p/.bin')).toEqual({
      PATH: '/p/.bin:/usr/bin:/bin',
      HOME: '/h',
    });
    expect(withPathPrefix({}, '/p/.bin')).toEqual({ PATH: '/p/.bin' });
  });

  it('leaves the environment as it is without one', () => {
    const env = { PATH: '/usr/bin' };
    expect(withPathPrefix(env, undefined)).toBe(env);
  });
});
