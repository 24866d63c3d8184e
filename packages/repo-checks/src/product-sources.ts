import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The repository's root. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** A folder of product code: what a published package ships, and the tsconfig it compiles under. */
export interface SourceRoot {
  /** `packages/core/src`, `packages/strapi-plugin/server/src`… (from the repository's root). */
  dir: string;
  tsconfig: string;
}

/**
 * Every source folder of every published package (not `private`): `src/`, or a Strapi plugin's
 * `server/src/` and `admin/src/`, each with the tsconfig beside it. Found, not listed: a new
 * package is checked the day it exists.
 */
export function productSourceRoots(): SourceRoot[] {
  const packages = join(REPO_ROOT, 'packages');
  return readdirSync(packages).flatMap((name) => {
    const root = join(packages, name);
    const manifest = join(root, 'package.json');
    if (!existsSync(manifest)) return [];
    if ((JSON.parse(readFileSync(manifest, 'utf8')) as { private?: boolean }).private) return [];
    return ['src', 'server/src', 'admin/src'].flatMap((folder) => {
      const dir = join(root, folder);
      if (!existsSync(dir)) return [];
      const tsconfig = [join(dir, '..', 'tsconfig.json'), join(root, 'tsconfig.json')].find(
        (path) => existsSync(path),
      )!;
      return [{ dir: relative(REPO_ROOT, dir), tsconfig }];
    });
  });
}

/** Product files of a source root (TypeScript, tests and generated tables left out). */
export function productFiles(root: SourceRoot): string[] {
  const dir = join(REPO_ROOT, root.dir);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith('.d.ts'),
    )
    .map((path) => join(root.dir, path));
}
