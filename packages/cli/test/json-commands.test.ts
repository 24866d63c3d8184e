import { finished, jsonLines, nextLine, runCli, startCli } from './cli-process';

describe('agent-ready json canonicalize --jsonl', () => {
  it('writes each canonical form as a JSON string literal, in order', async () => {
    const input = [
      '{"b": 1, "a": [true, null, 1.0, 2e21, -0], "\\u00e9": "x"}',
      '  "A\\u030a"  ',
      '{"1": {"f": {"f": "hi", "F": 5}, "\\n": 56.0}, "10": {}, "": "empty"}',
      '0.000001',
    ].join('\n');
    const { code, stdout } = await runCli(['json', 'canonicalize', '--jsonl'], `${input}\n`);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toHaveLength(4);
    expect(jsonLines(stdout)).toEqual([
      '{"a":[true,null,1,2e+21,0],"b":1,"é":"x"}',
      '"A\u030a"', // no Unicode normalization
      '{"":"empty","1":{"\\n":56,"f":{"F":5,"f":"hi"}},"10":{}}',
      '0.000001',
    ]);
  });

  it('answers a value JCS cannot represent, or a malformed line, with an error line', async () => {
    const { code, stdout } = await runCli(
      ['json', 'canonicalize', '--jsonl'],
      '1e400\n{"a": [1, -1e999]}\n"\\ud800"\n[1,\n{"ok": 1}\n',
    );
    expect(code).toBe(0);
    expect(jsonLines(stdout)).toEqual([
      { error: 'Infinity is not allowed in JSON' },
      { error: 'a[1]: -Infinity is not allowed in JSON' },
      { error: 'string contains an unpaired surrogate' },
      { error: expect.stringMatching(/JSON/) },
      '{"ok":1}',
    ]);
  });

  it('streams: answers a line before stdin is closed', async () => {
    const child = startCli(['json', 'canonicalize', '--jsonl']);
    child.stdin.write('{"z": 1, "a": 2}\n');
    expect(JSON.parse(await nextLine(child))).toBe('{"a":2,"z":1}');
    child.stdin.write('[3]\n');
    expect(JSON.parse(await nextLine(child))).toBe('[3]');
    const done = finished(child);
    child.stdin.end();
    expect((await done).code).toBe(0);
  });

  it('refuses to run without --jsonl (exit code 2)', async () => {
    const { code, stderr } = await runCli(['json', 'canonicalize'], '1\n');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--jsonl/);
  });
});
