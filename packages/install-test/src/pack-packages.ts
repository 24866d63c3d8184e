import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand, runPnpm } from './run-command';

export interface PackedPackage {
  name: string;
  dir: string;
  tarball: string;
  /** The packed package.json's dependencies on sibling packages. */
  siblings: string[];
}

interface Manifest {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
}

/** Every public package of the workspace (`packages/*` not marked private). */
export function publicPackages(repo: string): { name: string; dir: string }[] {
  return readdirSync(join(repo, 'packages'))
    .map((entry) => join(repo, 'packages', entry))
    .filter((dir) => {
      try {
        return !(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest).private;
      } catch {
        return false;
      }
    })
    .map((dir) => ({
      name: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest).name,
      dir,
    }));
}

/**
 * `pnpm pack` of every public package, as it would be published (publishConfig applied,
 * `workspace:` ranges replaced). Fails when a packed manifest still names `workspace:`.
 */
export async function packPackages(
  repo: string,
  out: string,
  log: string,
): Promise<Map<string, PackedPackage>> {
  mkdirSync(out, { recursive: true });
  const packed = new Map<string, PackedPackage>();
  for (const { name, dir } of publicPackages(repo)) {
    const { stdout } = await runPnpm(['pack', '--pack-destination', out, '--json'], {
      cwd: dir,
      log,
    });
    const tarball = (JSON.parse(stdout) as { filename: string }).filename;
    const { stdout: manifestText } = await runCommand(
      'tar',
      ['-xzOf', tarball, 'package/package.json'],
      { cwd: out, log },
    );
    if (manifestText.includes('workspace:'))
      throw new Error(`${name}: the packed package.json still names workspace: ranges`);
    const manifest = JSON.parse(manifestText) as Manifest;
    const siblings = Object.keys(manifest.dependencies ?? {}).filter((dep) =>
      dep.startsWith('@agent-ready/'),
    );
    packed.set(name, { name, dir, tarball, siblings });
  }
  return packed;
}

/** The tarballs a package needs from the workspace: its own and its siblings', transitively. */
export function tarballsFor(packed: Map<string, PackedPackage>, names: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const pkg = packed.get(name);
    if (!pkg) throw new Error(`${name} is not a public package of the workspace`);
    seen.add(name);
    pkg.siblings.forEach(visit);
  };
  names.forEach(visit);
  return [...seen].map((name) => packed.get(name)!.tarball);
}
