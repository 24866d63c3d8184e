import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BIN = join(__dirname, '..', 'dist', 'bin.js');

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const page = (i: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    url: `https://example.com/blog/post-${i}`,
    title: `Post ${i}`,
    description: 'About it',
    modified: `2025-01-0${i + 1}T10:00:00Z`,
    language: 'en',
    content: [
      { type: 'heading', level: 1, text: `Post ${i}` },
      { type: 'text', text: 'Hello' },
      { type: 'code', language: 'js', code: 'x()' },
    ],
    ...extra,
  });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'scp-cli-test-'));
  writeFileSync(join(dir, 'pages.jsonl'), `${[0, 1, 2].map((i) => page(i)).join('\n')}\n`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const buildArgs = [
  '--id',
  'blog-snapshot',
  '--section',
  'blog',
  '--generated',
  '2025-01-15T00:00:00Z',
];

describe('agent-ready scp build / inspect', () => {
  it('builds a gzip snapshot and inspects it as valid, checksum verified', () => {
    const built = run(['scp', 'build', 'pages.jsonl', '--out', 'blog.scp.gz', ...buildArgs]);
    expect(built).toMatchObject({ code: 0, stderr: '' });
    expect(built.stdout).toMatch(
      /^wrote blog\.scp\.gz: 3 pages, \d+ bytes, \d+ gzip, sha256:[0-9a-f]{64}\n$/,
    );
    expect(readFileSync(join(dir, 'blog.scp.gz')).subarray(0, 2)).toEqual(
      Buffer.from([0x1f, 0x8b]),
    );

    const inspected = run(['scp', 'inspect', 'blog.scp.gz']);
    expect(inspected.code).toBe(0);
    expect(inspected.stdout).toContain('valid:       yes');
    expect(inspected.stdout).toContain('type:        snapshot');
    expect(inspected.stdout).toContain('blocks:      code 3, heading 3, text 3');
    expect(inspected.stdout).toContain('checksum:    verified');

    const json = run(['scp', 'inspect', 'blog.scp.gz', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      valid: true,
      type: 'snapshot',
      section: 'blog',
      compression: 'gzip',
      pages: 3,
      blocksByType: { heading: 3, text: 3, code: 3 },
      checksum: 'verified',
      checksumVerified: true,
      warningCount: 0,
    });
  });

  it('builds a zstd delta from stdin, of the pages modified after --since', () => {
    const built = run(
      [
        'scp',
        'build',
        '-',
        '--out',
        'delta.scp.zst',
        '--type',
        'delta',
        '--since',
        '2025-01-03T00:00:00Z',
        '--json',
        ...buildArgs,
      ],
      // Modified on 2 and 6 January: only the second is after --since.
      `${page(1)}\n${page(5)}\n`,
    );
    expect(built.code).toBe(0);
    expect(JSON.parse(built.stdout)).toMatchObject({
      pages: 1,
      compression: 'zstd',
      metadata: { type: 'delta', since: '2025-01-03T00:00:00Z' },
    });
    expect(JSON.parse(run(['scp', 'inspect', 'delta.scp.zst', '--json']).stdout)).toMatchObject({
      valid: true,
      type: 'delta',
      compression: 'zstd',
    });
  });

  it('refuses a delta without --since (it could not say what changed)', () => {
    const built = run(
      ['scp', 'build', '-', '--out', 'd.scp', '--type', 'delta', ...buildArgs],
      page(1),
    );
    expect(built.code).toBe(2);
    expect(built.stderr).toContain('a delta needs --since');
  });

  it('exits 1 for a tampered collection and reports the checksum mismatch', () => {
    run(['scp', 'build', 'pages.jsonl', '--out', 'blog.scp', ...buildArgs]);
    const path = join(dir, 'blog.scp');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Hello', 'Hellp'));
    const json = run(['scp', 'inspect', 'blog.scp', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      valid: false,
      checksum: 'mismatch',
      error: { code: 'scp.checksum.mismatch' },
    });
    const text = run(['scp', 'inspect', 'blog.scp']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('checksum:    MISMATCH');
  });

  it('stays valid with warnings, and lists them', () => {
    const meta =
      '{"collection":{"id":"c","section":"s","type":"snapshot","generated":"2025-01-15T00:00:00Z","version":"0.1"}}';
    writeFileSync(
      join(dir, 'warn.scp'),
      `${meta}\n${page(0, { content: [{ type: 'carousel' }, { type: 'heading', level: 9, text: 'H' }] })}\n${page(1, { url: 'javascript:x' })}\n`,
    );
    const text = run(['scp', 'inspect', 'warn.scp']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('checksum:    absent (not verified)');
    expect(text.stdout).toContain('pages:       1 (1 skipped)');
    expect(text.stdout).toContain('warnings:    3');
    expect(text.stdout).toContain(
      'line 2 content[0].type: unknown content block type "carousel"; block skipped [block.unknown_type]',
    );
  });

  it('exits 1 for a compression bomb, without expanding it', () => {
    writeFileSync(join(dir, 'bomb.scp.gz'), gzipSync(Buffer.alloc(64 * 2 ** 20)));
    const json = run(['scp', 'inspect', 'bomb.scp.gz', '--json']);
    expect(json.code).toBe(1);
    const summary = JSON.parse(json.stdout);
    expect(summary.error.code).toBe('scp.limit.ratio');
    expect(summary.decompressedBytes).toBeLessThan(2 * 2 ** 20);
  });

  it('exits 1 for an invalid input page, naming it; 2 for a missing file or a bad option', () => {
    writeFileSync(
      join(dir, 'bad.jsonl'),
      `${page(0)}\n${page(1, { url: 'ftp://example.com/' })}\n`,
    );
    const bad = run(['scp', 'build', 'bad.jsonl', '--out', 'x.scp.gz', ...buildArgs]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('page 1');
    expect(bad.stderr).toContain('pages[1].url');
    writeFileSync(join(dir, 'notjson.jsonl'), `${page(0)}\n{oops\n`);
    expect(run(['scp', 'build', 'notjson.jsonl', '--out', 'x.scp.gz', ...buildArgs])).toMatchObject(
      { code: 1, stderr: expect.stringContaining('input line 2 is not JSON') },
    );
    expect(run(['scp', 'inspect', 'missing.scp']).code).toBe(2);
    expect(run(['scp', 'build', 'pages.jsonl', '--out', 'x.json', ...buildArgs]).code).toBe(2);
    expect(run(['scp', 'inspect', 'missing.scp', '--max-ratio', 'lots']).code).toBe(2);
  });
});
