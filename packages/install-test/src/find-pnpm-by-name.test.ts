import { relative, resolve } from 'node:path';
import { findPnpmByName, findPnpmByNameIn } from './find-pnpm-by-name';

const repo = resolve(__dirname, '..', '..', '..');
const lines = (file: string, text: string) => findPnpmByNameIn(file, text).map((f) => f.line);

describe('findPnpmByNameIn', () => {
  it('finds a spawn of pnpm in code, in every form', () => {
    const code = [
      "await runCommand('pnpm', ['pack'], options);", // 1
      'spawn("pnpx", args);', // 2
      'execSync(`pnpm install`);', // 3
      "spawnSync('turbo', ['run', 'build']);", // 4
      'const child = spawn(', // 5
      "  'pnpm',", // 6
      "  ['publish', '-r'],", // 7
      ');', // 8
      "const args = ['-y', 'pnpm@10.34.8', 'install'];", // 9
      "const ok = pnpmCommand(['exec', 'turbo', 'run', 'build']);", // 10
      "spawn(process.execPath, [join(dir, 'pnpm.cjs'), 'pack']);", // 11
      "// runCommand('pnpm', ['pack']) was the old way", // 12
    ].join('\n');
    expect(lines('src/run.ts', code)).toEqual([1, 2, 3, 4, 6, 9]);
    expect(lines('src/run.mjs', code)).toEqual([1, 2, 3, 4, 6, 9]);
  });

  it('lets test data name a pnpm version, not spawn pnpm', () => {
    const code = "expect(pinned).toBe('pnpm@10.34.8');\nspawn('pnpm', ['-v']);";
    expect(lines('src/x.test.ts', code)).toEqual([2]);
  });

  it('finds pnpm and turbo started by package.json scripts', () => {
    const manifest = JSON.stringify(
      {
        scripts: {
          build: 'turbo run build',
          bench: 'node scripts/pnpm.mjs exec turbo run build && pnpm --filter bench bench --',
          bootstrap: 'npx -y pnpm@10.34.8 install',
          env: 'CI=1 pnpm test',
          fine: 'node scripts/pnpm.mjs exec turbo run lint test && tsup',
          docs: 'UPDATE=1 jest src/readme.test.ts',
        },
      },
      null,
      2,
    );
    expect(findPnpmByNameIn('package.json', manifest).map((f) => f.text)).toEqual([
      '"build": "turbo run build"',
      '"bench": "node scripts/pnpm.mjs exec turbo run build && pnpm --filter bench bench --"',
      '"bootstrap": "npx -y pnpm@10.34.8 install"',
      '"env": "CI=1 pnpm test"',
    ]);
  });

  it('finds pnpm started by a shell script, not pnpm in its comments or words', () => {
    const script = [
      '#!/usr/bin/env bash', // 1
      '# pnpm by name fails on a fresh machine', // 2
      'pnpm install', // 3
      'npm run bootstrap && pnpm exec turbo run lint', // 4
      'if true; then turbo run build; fi', // 5
      'x="$(pnpm --version)"', // 6
      'npx -y pnpm@10.34.8 --filter x run y &', // 7
      'node scripts/pnpm.mjs --filter x run test:beside &', // 8
      'echo "see the pnpm docs"', // 9
    ].join('\n');
    expect(lines('.ci/run', script)).toEqual([3, 4, 5, 6, 7]);
    expect(lines('tools/setup.sh', script.replace('#!/usr/bin/env bash\n', '\n'))).toEqual([
      3, 4, 5, 6, 7,
    ]);
  });

  it('reads no docs', () => {
    expect(findPnpmByNameIn('README.md', 'pnpm install\n`npx -y pnpm@10.34.8 test`')).toEqual([]);
  });
});

it('nothing in the repository starts pnpm by name or writes its version out', () => {
  // This file's samples aside. A finding: start it through scripts/pnpm.mjs (`node
  // scripts/pnpm.mjs <args>`, or pnpmCommand / the install test's runPnpm in code).
  expect(findPnpmByName(repo, [relative(repo, __filename)])).toEqual([]);
});
