import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const BIN = resolve(__dirname, '../dist/bin.js');

function run(args: string[], input = '') {
  const result = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A line sent as it is, not JSON-encoded. */
class Raw {
  constructor(readonly line: string) {}
}

function jsonLines(args: string[], lines: unknown[]): unknown[] {
  const input = lines.map((line) => (line instanceof Raw ? line.line : JSON.stringify(line)));
  const result = run(args, `${input.join('\n')}\n`);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

describe('agent-ready uri (the built bin)', () => {
  beforeAll(() => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build the CLI first`);
  });

  it('normalize --jsonl: one result per line, errors as {"error"}', () => {
    expect(
      jsonLines(
        ['uri', 'normalize', '--jsonl'],
        [
          'HTTP://www.EXAMPLE.com:80',
          'http://example.com/?',
          'http://résumé.example.org/a/./b/../%7e',
          'http://a/ b',
          42,
          new Raw('not json'),
          new Raw(''),
          'https://Faß.DE:443',
          '//Example.COM/a/../b',
          'a/./b/../../../x',
        ],
      ),
    ).toEqual([
      { normalized: 'http://www.example.com/' },
      { normalized: 'http://example.com/?' },
      { normalized: 'http://xn--rsum-bpad.example.org/a/~' },
      { error: 'character " " (U+0020) at offset 9 is not allowed in the path' },
      { error: 'a URI must be a string, got a number' },
      { error: expect.stringMatching(/JSON/) },
      { normalized: 'https://xn--fa-hia.de/' },
      // Relative references: syntax-based, without a base (RFC 3986 §6.2.2).
      { normalized: '//example.com/b' },
      { normalized: '../x' },
    ]);
  });

  it('equivalent --jsonl: says which rung found them equivalent', () => {
    expect(
      jsonLines(
        ['uri', 'equivalent', '--jsonl'],
        [
          ['http://a/b', 'http://a/b'],
          ['eXAMPLE://a/./b/../b/%63/%7bfoo%7d', 'example://a/b/c/%7Bfoo%7D'],
          ['http://example.com', 'http://example.com:80/'],
          ['http://example.com/', 'http://example.com/?'],
          ['http://example.com/data', 'http://example.com/data/'],
          ['http://a/'],
          ['/relative', 'http://a/'],
        ],
      ),
    ).toEqual([
      { equivalent: true, rung: 'simple-string' },
      { equivalent: true, rung: 'syntax-based' },
      { equivalent: true, rung: 'scheme-based' },
      { equivalent: false, rung: 'none' },
      { equivalent: false, rung: 'none' },
      { error: 'expected a JSON array of two strings: ["a", "b"]' },
      { error: '"/relative" is a relative reference, not a URI' },
    ]);
  });

  it('equivalent takes the retrieval and redirect options', () => {
    expect(
      jsonLines(
        ['uri', 'equivalent', '--jsonl', '--for-retrieval', '--redirect-shows-trailing-slash'],
        [
          ['http://a/b#x', 'http://a/b#y'],
          ['http://example.com/data', 'http://example.com/data/#top'],
        ],
      ),
    ).toEqual([
      { equivalent: true, rung: 'simple-string' },
      { equivalent: true, rung: 'protocol-based' },
    ]);
  });

  it('resolve --jsonl: RFC 3986 §5.4 examples, strict', () => {
    const base = 'http://a/b/c/d;p?q';
    expect(
      jsonLines(
        ['uri', 'resolve', '--jsonl'],
        [
          [base, 'g'],
          [base, '//g'],
          [base, '../../../g'],
          [base, 'http:g'],
          [base, '?'],
          ['/x', 'g'],
        ],
      ),
    ).toEqual([
      { resolved: 'http://a/b/c/g' },
      { resolved: 'http://g' },
      { resolved: 'http://a/g' },
      { resolved: 'http:g' },
      { resolved: 'http://a/b/c/d;p?' },
      { error: 'base URI: "/x" is a relative reference, not a URI' },
    ]);
  });

  it('normalize also takes URIs as arguments, exiting 1 when one is invalid', () => {
    expect(run(['uri', 'normalize', 'HTTP://A:80', 'http://b/%7e'])).toEqual({
      status: 0,
      stdout: 'http://a/\nhttp://b/~\n',
      stderr: '',
    });
    const failed = run(['uri', 'normalize', 'http://a/ b', 'http://c']);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toBe('http://c/\n');
    expect(failed.stderr).toMatch(/^http:\/\/a\/ b: character " "/);
  });

  it('refuses equivalent/resolve without --jsonl', () => {
    const result = run(['uri', 'resolve']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--jsonl/);
  });
});
