import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packPackages } from './pack-packages';
import { runCommand, runPnpm } from './run-command';
import { exitWith } from './exit-with';

/**
 * The release path as changesets runs it, on a throwaway copy of the checkout (the tracked files
 * and the built `dist/` folders; the checkout itself is never touched): `changeset version`,
 * then `pnpm publish -r --dry-run`, then every public package packed from the copy must carry
 * its new version and name its siblings by their new versions (no `workspace:` left).
 */
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..', '..');

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The throwaway copy the release runs on (`copy`), in its own temp folder (`work`). */
export interface ReleaseCopy {
  work: string;
  copy: string;
  log: string;
}

/**
 * The only step that reads the checkout: its tracked files and built `dist/` folders copied
 * (build first). From here on the dry run works on the copy alone, so it can run beside
 * `npm test`.
 */
export async function copyCheckoutForRelease(): Promise<ReleaseCopy> {
  const work = mkdtempSync(join(tmpdir(), 'agent-ready-release-'));
  const copy = join(work, 'repo');
  const log = join(work, 'release.log');
  const { stdout } = await runCommand('git', ['ls-files', '-z'], { cwd: repo, log });
  for (const file of stdout.split('\0').filter((f) => f !== '' && existsSync(join(repo, f)))) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repo, file), join(copy, file));
  }
  for (const dir of ['packages', 'apps', 'examples']) {
    if (!existsSync(join(repo, dir))) continue;
    for (const name of readdirSync(join(repo, dir))) {
      const dist = join(repo, dir, name, 'dist');
      if (existsSync(dist)) cpSync(dist, join(copy, dir, name, 'dist'), { recursive: true });
    }
  }
  return { work, copy, log };
}

/** `changeset version` and `pnpm publish -r --dry-run` on the copy: 0 when nothing was wrong. */
export async function runReleaseDryRun({ work, copy, log }: ReleaseCopy): Promise<number> {
  const problems: string[] = [];
  try {
    // pnpm resolves `workspace:` ranges from the installed links: install from the store.
    await runPnpm(
      ['install', '--frozen-lockfile', '--offline', '--ignore-scripts', '--reporter=silent'],
      { cwd: copy, log },
    );
    // The copy's own install: the checkout's `.bin` is relinked by `npm test` meanwhile.
    const changeset = join(copy, 'node_modules', '.bin', 'changeset');
    await runCommand(changeset, ['version'], { cwd: copy, log });
    await runPnpm(['publish', '-r', '--dry-run', '--no-git-checks'], { cwd: copy, log });
    const packed = await packPackages(copy, join(work, 'tarballs'), log);
    const versions = new Map(
      [...packed.values()].map(({ name, dir }) => [name, manifestOf(dir).version]),
    );
    for (const { name, tarball } of packed.values()) {
      const { stdout: text } = await runCommand('tar', ['-xzOf', tarball, 'package/package.json'], {
        cwd: work,
        log,
      });
      const manifest = JSON.parse(text) as Manifest;
      if (manifest.version !== versions.get(name))
        problems.push(`${name}: packed ${manifest.version}, versioned ${versions.get(name)}`);
      for (const [dep, range] of Object.entries({
        ...manifest.dependencies,
        ...manifest.peerDependencies,
      })) {
        const version = versions.get(dep);
        if (version !== undefined && range !== `^${version}`)
          problems.push(`${name} names ${dep}@${range}; the release makes it ${version}`);
      }
    }
    process.stdout.write(
      `release dry run: ${[...versions].map(([n, v]) => `${n}@${v}`).join(', ')}\n`,
    );
  } catch (error) {
    problems.push((error as Error).message);
  } finally {
    for (const problem of problems) process.stdout.write(`✗ ${problem}\n`);
    if (problems.length > 0) process.stdout.write(`log: ${log}\n`);
    else rmSync(work, { recursive: true, force: true });
  }
  return problems.length === 0 ? 0 : 1;
}

// Run as a script (`test:release`): the checkout built as it is, copied and released.
if (process.argv[1] === fileURLToPath(import.meta.url))
  exitWith(async () => runReleaseDryRun(await copyCheckoutForRelease()));
