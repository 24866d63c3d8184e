import type { PackedPackage } from './pack-packages';
import { runCommand } from './run-command';

/** The linters' scripts (resolve-bin-script.ts), run with this Node. */
export interface Linters {
  publint: string;
  attw: string;
}

/**
 * publint (warnings and suggestions too) and arethetypeswrong (node10, node16 from CJS and from
 * ESM, bundler) on each packed tarball: both must report nothing.
 */
export async function lintPackages(
  packed: Map<string, PackedPackage>,
  linters: Linters,
  log: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const { name, tarball } of packed.values()) {
    const publint = await runCommand(process.execPath, [linters.publint, tarball], {
      cwd: process.cwd(),
      log,
      ok: [0, 1],
    });
    if (publint.code !== 0 || !publint.stdout.includes('All good!'))
      problems.push(`publint ${name}:\n${publint.stdout}${publint.stderr}`);
    const attw = await runCommand(
      process.execPath,
      [linters.attw, '--pack', tarball, '--format', 'ascii', '--profile', 'strict'],
      { cwd: process.cwd(), log, ok: [0, 1] },
    );
    if (attw.code !== 0 || !attw.stdout.includes('No problems found'))
      problems.push(`arethetypeswrong ${name}:\n${attw.stdout}${attw.stderr}`);
  }
  return problems;
}
