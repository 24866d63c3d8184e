import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForStatus } from './check-served-site';
import type { AppContext } from './express-apps';
import { nativeModules } from './native-modules';
import { npm } from './npm-install';
import type { PackedPackage } from './pack-packages';
import { readmeBlock, readmeBlocks, shellCommands } from './readme-blocks';
import { reuseNativeBuild } from './reuse-native-build';
import { runCommand } from './run-command';
import { strangerEnv } from './stranger-env';
import { freePort, startProcess, unlessExited } from './start-process';

/**
 * A tarball whose sibling dependencies point at the other tarballs (`file:`): what the registry
 * gives a global install, which resolves each dependency on its own (the siblings are not
 * published). Nothing else in the package changes.
 */
async function linkedTarball(
  ctx: AppContext,
  pkg: PackedPackage,
  linked: Map<string, string>,
): Promise<string> {
  if (pkg.siblings.length === 0) return pkg.tarball;
  const dir = join(ctx.work, 'linked', pkg.name.replace('/', '+'));
  mkdirSync(dir, { recursive: true });
  await runCommand('tar', ['-xzf', pkg.tarball, '-C', dir], { cwd: dir, log: ctx.log });
  const manifestFile = join(dir, 'package', 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const sibling of pkg.siblings)
    manifest.dependencies[sibling] = `file:${linked.get(sibling)}`;
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  const { stdout } = await runCommand('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: join(dir, 'package'),
    log: ctx.log,
  });
  return join(dir, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

/**
 * The CLI installed globally (into a temp prefix) from the tarballs, then the README's
 * commands run against the Express app the README sets up. Also an app with only the client
 * library: it installs no native module, validates, and a sync says what to install.
 */
export async function checkCli(
  ctx: AppContext,
  packed: Map<string, PackedPackage>,
): Promise<string[]> {
  const problems: string[] = [];
  const linked = new Map<string, string>();
  for (const name of [
    '@agent-ready/core',
    '@agent-ready/store',
    '@agent-ready/mcp',
    '@agent-ready/client',
    '@agent-ready/cli',
  ])
    linked.set(name, await linkedTarball(ctx, packed.get(name)!, linked));
  const prefix = join(ctx.work, 'cli-prefix');
  const env = { PATH: `${join(prefix, 'bin')}:${strangerEnv().PATH}` };
  const readme = join(ctx.repo, 'packages/cli/README.md');
  const blocks = readmeBlocks(readme);
  const here = join(ctx.work, 'cli-run');
  mkdirSync(here, { recursive: true });
  for (const command of shellCommands(readmeBlock(blocks, 'install', readme))) {
    if (command[0] === 'npm') {
      const args = command
        .slice(1)
        .map((word) => (word === '@agent-ready/cli' ? linked.get(word)! : word));
      // The SQLite driver as Express 5's install compiled it (reuse-native-build.ts).
      await npm([...args, '--prefix', prefix, '--ignore-scripts'], {
        cwd: here,
        cache: ctx.cache,
        log: ctx.log,
      });
      await reuseNativeBuild(join(ctx.work, 'express5'), join(prefix, 'lib'), ctx.log);
    } else await runCommand(command[0]!, command.slice(1), { cwd: here, env, log: ctx.log });
  }

  // The Express README's app, its example origin replaced by where it listens: the CLI then
  // checks and mirrors the site as agents on that origin would.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const express5 = join(ctx.work, 'express5');
  const server = readFileSync(join(express5, 'server.mjs'), 'utf8');
  writeFileSync(join(express5, 'cli-site.mjs'), server.replaceAll('https://example.com', origin));
  const site = startProcess('node', ['cli-site.mjs'], {
    cwd: express5,
    env: { PORT: String(port), AGENT_READY_DB: 'cli-site.sqlite' },
    log: ctx.log,
  });
  try {
    await unlessExited(site, waitForStatus(origin, '/hello/llm.json', 200));
    for (const command of shellCommands(readmeBlock(blocks, 'usage', readme))) {
      const args = command.slice(1).map((word) => word.replace('https://example.com', origin));
      const { code, stdout } = await runCommand(command[0]!, args, {
        cwd: here,
        env,
        log: ctx.log,
        ok: [0, 1],
      });
      if (code !== 0) problems.push(`${command.join(' ')}: exit ${code}\n${stdout.slice(-2000)}`);
    }
  } finally {
    await site.stop();
  }
  if (!existsSync(join(here, 'mirror'))) problems.push('agent-ready sync wrote no ./mirror');
  problems.push(...(await checkClientOnly(ctx)));
  return problems;
}

const CLIENT_ONLY = `import { syncSite, validateSite } from '@agent-ready/client';
if (typeof validateSite !== 'function') throw new Error('no validateSite');
try {
  await syncSite('http://127.0.0.1:9', { stateDir: 'state' });
  console.log('no error');
} catch (error) {
  console.log(error.code);
}
`;

async function checkClientOnly(ctx: AppContext): Promise<string[]> {
  const dir = join(ctx.work, 'client-only');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "name": "client-only", "private": true }');
  await npm(['install', ...ctx.tarballsFor(['@agent-ready/client'])], {
    cwd: dir,
    cache: ctx.cache,
    log: ctx.log,
  });
  const problems: string[] = [];
  const natives = nativeModules(dir);
  if (natives.length > 0)
    problems.push(`the client library installs natives: ${natives.join(', ')}`);
  writeFileSync(join(dir, 'sync.mjs'), CLIENT_ONLY);
  const { stdout } = await runCommand('node', ['sync.mjs'], { cwd: dir, log: ctx.log });
  if (stdout.trim() !== 'sync.state-driver')
    problems.push(`a sync without better-sqlite3: ${stdout.trim()}, not sync.state-driver`);
  return problems;
}
