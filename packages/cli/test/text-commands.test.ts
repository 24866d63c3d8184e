import { fingerprintText, normalizeText } from '@agent-ready/core/text';
import { finished, jsonLines, nextLine, runCli, startCli } from './cli-process';

describe('agent-ready normalize text --jsonl', () => {
  it('writes the normalized text and fingerprint of each line, in order', async () => {
    const inputs = ['Straße  &amp;\tCafé', '\u0130stanbul', '', 'Hello\fWorld', 'a\uD800b'];
    const { code, stdout } = await runCli(
      ['normalize', 'text', '--jsonl'],
      inputs.map((s) => JSON.stringify(s)).join('\n'),
    );
    expect(code).toBe(0);
    expect(jsonLines(stdout)).toEqual([
      {
        normalized: 'strasse & café',
        fingerprint: fingerprintText('Straße  &amp;\tCafé'),
      },
      { normalized: 'i\u0307stanbul', fingerprint: fingerprintText('\u0130stanbul') },
      {
        normalized: '',
        fingerprint: 'sha256-e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      {
        normalized: 'helloworld',
        fingerprint: 'sha256-936a185caaa266bb9cbe981e9e05cb78cd732b0b3280eb944412bb6f8f8f07af',
      },
      { normalized: normalizeText('a\uD800b'), fingerprint: fingerprintText('a\uFFFDb') },
    ]);
  });

  it('answers a non-string or malformed line with an error line and carries on', async () => {
    const { code, stdout } = await runCli(
      ['normalize', 'text', '--jsonl'],
      '42\n{"text":"A"}\nnull\n{oops\n"A"\n',
    );
    expect(code).toBe(0);
    expect(jsonLines(stdout)).toEqual([
      { error: 'expected a JSON string, got a number' },
      { error: 'expected a JSON string, got an object' },
      { error: 'expected a JSON string, got null' },
      { error: expect.stringMatching(/JSON/) },
      { normalized: 'a', fingerprint: fingerprintText('A') },
    ]);
  });

  it('streams: answers a line before stdin is closed', async () => {
    const child = startCli(['normalize', 'text', '--jsonl']);
    child.stdin.write('"First  LINE"\n');
    expect(JSON.parse(await nextLine(child))).toEqual({
      normalized: 'first line',
      fingerprint: fingerprintText('first line'),
    });
    child.stdin.write('"Second"\n');
    expect(JSON.parse(await nextLine(child))).toMatchObject({ normalized: 'second' });
    const done = finished(child);
    child.stdin.end();
    expect((await done).code).toBe(0);
  });

  it('refuses to run without --jsonl (exit code 2, usage on stderr)', async () => {
    const { code, stdout, stderr } = await runCli(['normalize', 'text'], '"A"\n');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/--jsonl/);
    expect(stderr).toMatch(/Usage: agent-ready normalize text/);
  });
});
