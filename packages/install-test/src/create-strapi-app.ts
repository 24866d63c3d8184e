import { runCommand } from './run-command';

/**
 * `create-strapi-app@<release> <name>` as a stranger runs it (TypeScript, SQLite, the example
 * content types, no example data), without its install: the test sets the app's pins first.
 */
export async function createStrapiApp(
  release: string,
  name: string,
  options: { cwd: string; env: Record<string, string>; log: string },
): Promise<void> {
  await runCommand(
    'npx',
    [
      '-y',
      `create-strapi-app@${release}`,
      name,
      '--ts',
      '--use-npm',
      '--no-install',
      '--skip-cloud',
      '--example',
      '--no-git-init',
      '--dbclient',
      'sqlite',
      // Without it the generated .env says DATABASE_FILENAME= (empty), which Strapi cannot open.
      '--dbfile',
      '.tmp/data.db',
      '--no-run',
      '--non-interactive',
    ],
    options,
  );
}
