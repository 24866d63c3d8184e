#!/usr/bin/env node
// `npm run fuzz`: every fast-check property of every package, with a random seed (or
// AGENT_READY_FC_SEED) and at least AGENT_READY_FUZZ_RUNS cases each (default 20,000), then
// the case counts per parser, each of which must reach 100,000. For developers and the
// scheduled job; `npm test` runs the same properties with a fixed seed and small counts.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = join(root, 'node_modules', '.bin', 'jest');
const seed = Number(
  process.env.AGENT_READY_FC_SEED || (Date.now() ^ (Math.random() * 0x7fffffff)) | 0,
);
const floor = Number(process.env.AGENT_READY_FUZZ_RUNS ?? 20_000);
/** Cases every parser must get in one full run, over all of its properties. */
const PARSER_FLOOR = 100_000;
const only = process.argv.slice(2); // optional path filters, e.g. `npm run fuzz packages/core/src/uri`

/** The parsers the project promises to fuzz, by where their properties live. */
const PARSERS = [
  ['SCP collections and sitemap', /\/src\/scp\//],
  ['URI / IRI', /\/src\/uri\//],
  ['manifests (llmindex, TCT sitemap, llms.txt)', /\/src\/(llmindex|llmstxt)\/|read-tct-sitemap/],
  ['negotiation and conditional headers', /\/src\/http\/|parse-retry-after/],
  ['content parsing and rendering', /\/src\/content\//],
];
const parserOf = (path) =>
  PARSERS.find(([, pattern]) => pattern.test(path))?.[0] ?? 'other properties';

/**
 * Tests that run bigger under fuzz (FUZZING) without naming fast-check themselves: races of
 * several writers, and the Strapi plugin's differential runs (their properties live in a
 * support module).
 */
const STRESS = [
  'packages/store/test/multi-process.test.ts',
  'packages/strapi-plugin/tests/differential-marketing.test.ts',
  'packages/strapi-plugin/tests/differential-example.test.ts',
  'packages/strapi-plugin/tests/differential-pages-tree.test.ts',
];

const files = [
  ...execFileSync('git', ['grep', '-l', "from 'fast-check'", '--', '*.test.ts'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean),
  ...STRESS,
].filter((file) => only.length === 0 || only.some((prefix) => file.startsWith(prefix)));

/** Test files by the package (the nearest jest.config.cjs) that runs them. */
const byPackage = new Map();
for (const file of files) {
  let dir = dirname(join(root, file));
  while (dir !== root && !existsSync(join(dir, 'jest.config.cjs'))) dir = dirname(dir);
  byPackage.set(dir, [...(byPackage.get(dir) ?? []), join(root, file)]);
}

const workDir = mkdtempSync(join(tmpdir(), 'agent-ready-fuzz-'));
const report = join(workDir, 'runs.jsonl');
process.stdout.write(
  `fuzz: seed ${seed}, at least ${floor} cases per property, ${files.length} files\n`,
);
let failedPackages = 0;
try {
  for (const [dir, tests] of byPackage) {
    process.stdout.write(`\n== ${relative(root, dir)} (${tests.length} files)\n`);
    const result = spawnSync(jest, ['--ci', '--runInBand', '--testTimeout=21600000', ...tests], {
      cwd: dir,
      stdio: 'inherit',
      env: {
        ...process.env,
        AGENT_READY_FUZZ: '1',
        AGENT_READY_FC_SEED: String(seed),
        AGENT_READY_FUZZ_RUNS: String(floor),
        AGENT_READY_FUZZ_REPORT: report,
      },
    });
    if (result.status !== 0) failedPackages++;
  }
  const runs = existsSync(report)
    ? readFileSync(report, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  const totals = new Map(PARSERS.map(([name]) => [name, { properties: 0, cases: 0, failed: 0 }]));
  for (const run of runs) {
    const name = parserOf(run.testPath);
    const total = totals.get(name) ?? { properties: 0, cases: 0, failed: 0 };
    total.properties++;
    total.cases += run.numRuns;
    if (run.failed) total.failed++;
    totals.set(name, total);
  }
  process.stdout.write(`\nfuzz summary (seed ${seed}):\n`);
  let short = 0;
  for (const [name, total] of totals) {
    const below = PARSERS.some(([p]) => p === name) && total.cases < PARSER_FLOOR;
    if (below) short++;
    process.stdout.write(
      `  ${name.padEnd(46)} ${String(total.properties).padStart(4)} properties ${String(total.cases).padStart(10)} cases ${total.failed} failed${below ? '  (below the floor)' : ''}\n`,
    );
  }
  const failures = runs.filter((run) => run.failed);
  for (const run of failures) {
    process.stdout.write(
      `  FAILED ${relative(root, run.testPath)} › ${run.testName} (seed ${run.seed})\n`,
    );
  }
  if (failures.length > 0 || failedPackages > 0 || (only.length === 0 && short > 0))
    process.exitCode = 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
