import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkServedSite, waitForStatus } from './check-served-site';
import { npm, withTarballs } from './npm-install';
import { reuseNativeBuild } from './reuse-native-build';
import { readmeBlock, readmeBlocks, servedPaths, shellCommands } from './readme-blocks';
import { runCommand } from './run-command';
import { freePort, startProcess, unlessExited } from './start-process';

export interface AppContext {
  repo: string;
  work: string;
  cache: string;
  log: string;
  tarballsFor: (names: string[]) => string[];
}

const TSCONFIG = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};

/** What the test adds to the README's app: unpublish (404), remove (410), SCP without zstd. */
const LIFECYCLE = `import express from 'express';
import { agentReady } from '@agent-ready/express';
const app = express();
const agent = agentReady({ site: { origin: 'https://example.com', name: 'Example' }, database: { client: 'sqlite', filename: 'lifecycle.sqlite' } });
app.use(agent);
const doc = (id) => ({ id, url: '/' + id + '/', title: id, body: { format: 'markdown', value: 'Text of ' + id + '.' } });
await agent.publish(doc('gone'));
await agent.publish(doc('hidden'));
await agent.idle();
const server = app.listen(0);
await new Promise((resolve) => server.once('listening', resolve));
const origin = 'http://127.0.0.1:' + server.address().port;
const status = async (path, headers = {}) => { const res = await fetch(origin + path, { headers }); await res.arrayBuffer(); return [res.status, res.headers.get('content-encoding')]; };
const before = [await status('/gone/llm.json'), await status('/hidden/llm.json')];
const sitemapXml = await (await fetch(origin + '/scp/sitemap.xml')).text();
const collection = new URL(/<scp:collection[^>]* url="([^"]+)"/.exec(sitemapXml)[1]).pathname;
const scp = await status(collection, { 'accept-encoding': 'zstd' });
await agent.unpublish('hidden');
await agent.remove('gone');
await agent.idle();
const after = [await status('/hidden/llm.json'), await status('/gone/llm.json')];
console.log(JSON.stringify({ before, after, scp }));
server.close();
await agent.close();
`;

async function runReadmeServer(
  ctx: AppContext,
  dir: string,
  file: string,
  tablePaths: string[],
): Promise<string[]> {
  const port = await freePort();
  const server = startProcess('node', [file], {
    cwd: dir,
    env: { PORT: String(port), AGENT_READY_DB: `${file}.sqlite` },
    log: ctx.log,
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await unlessExited(server, waitForStatus(origin, '/hello/llm.json', 200));
    return (await checkServedSite(origin, '/hello/llm.json', tablePaths)).map(
      (problem) => `${dir} ${file}: ${problem}`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * A fresh Express app installed from the tarballs as the README says, running the README's
 * code: ESM and CommonJS, the ESM code type-checked as TypeScript (strict, `module: node16` and
 * `moduleResolution: bundler`) on Express 5; the ESM code on Express 4.
 */
export async function checkExpressApp(ctx: AppContext, major: 4 | 5): Promise<string[]> {
  const readme = join(ctx.repo, 'packages/express/README.md');
  const blocks = readmeBlocks(readme);
  const dir = join(ctx.work, `express${major}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `express${major}-app`, private: true, type: 'module' }, null, 2),
  );
  for (const command of shellCommands(readmeBlock(blocks, 'install', readme))) {
    if (command[0] !== 'npm') throw new Error(`unexpected install command: ${command.join(' ')}`);
    const args = withTarballs(command.slice(1), ctx.tarballsFor).map((word) =>
      word === 'express' ? `express@${major}` : word,
    );
    // Express 4 takes the SQLite driver Express 5's install compiled (reuse-native-build.ts).
    await npm(major === 4 ? [...args, '--ignore-scripts'] : args, {
      cwd: dir,
      cache: ctx.cache,
      log: ctx.log,
    });
  }
  if (major === 4) await reuseNativeBuild(join(ctx.work, 'express5'), dir, ctx.log);
  const problems: string[] = [];
  if (existsSync(join(dir, 'node_modules/zstd-napi')))
    problems.push(`express${major}: zstd-napi was installed (it is an optional peer)`);
  const esm = readmeBlock(blocks, 'server.mjs', readme);
  writeFileSync(join(dir, 'server.mjs'), esm);
  const tablePaths = servedPaths(readmeBlock(blocks, 'served', readme));
  problems.push(...(await runReadmeServer(ctx, dir, 'server.mjs', tablePaths)));
  if (major === 4) return problems;

  writeFileSync(join(dir, 'server.cjs'), readmeBlock(blocks, 'server.cjs', readme));
  problems.push(...(await runReadmeServer(ctx, dir, 'server.cjs', tablePaths)));

  await npm(['install', '-D', 'typescript@5', '@types/node@20', '@types/express@5'], {
    cwd: dir,
    cache: ctx.cache,
    log: ctx.log,
  });
  writeFileSync(join(dir, 'server.ts'), esm);
  for (const [name, resolution] of Object.entries(TSCONFIG)) {
    const config = `tsconfig.${name}.json`;
    const compilerOptions = { ...resolution, target: 'es2022', strict: true, noEmit: true };
    writeFileSync(
      join(dir, config),
      JSON.stringify({ compilerOptions, files: ['server.ts'] }, null, 2),
    );
    await runCommand('npx', ['tsc', '-p', config], { cwd: dir, log: ctx.log }).catch(
      (error: Error) => problems.push(`express5 tsc ${name}: ${error.message}`),
    );
  }

  writeFileSync(join(dir, 'lifecycle.mjs'), LIFECYCLE);
  const { stdout } = await runCommand('node', ['lifecycle.mjs'], { cwd: dir, log: ctx.log });
  const seen = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
  const expected = {
    before: [
      [200, null],
      [200, null],
    ],
    after: [
      [404, null],
      [410, null],
    ],
    // No zstd on Node 20 without zstd-napi: the identity bytes, never zstd.
    scp: [200, null],
  };
  if (JSON.stringify(seen) !== JSON.stringify(expected))
    problems.push(
      `express5 lifecycle: ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`,
    );
  return problems;
}
