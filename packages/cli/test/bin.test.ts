import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './cli-process';

const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
};

describe('the agent-ready command', () => {
  it('prints its version with --version and -V (exit code 0)', async () => {
    for (const flag of ['--version', '-V']) {
      const { code, stdout } = await runCli([flag], '');
      expect([flag, code, stdout]).toEqual([flag, 0, `${version}\n`]);
    }
  });

  it('prints help with --help (exit code 0)', async () => {
    const { code, stdout } = await runCli(['--help'], '');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: agent-ready/);
  });

  // Exit code 1 means "a check failed" (validate, verify): a usage error must never look like it.
  it.each([
    [['no-such-command']],
    [['validate', '--no-such-option', 'https://example.com']],
    [['validate']],
    [['sync', 'https://example.com', '--concurrency']],
    [['uri']],
  ])('exits 2 on the usage error %j, with usage on stderr', async (args) => {
    const { code, stdout, stderr } = await runCli(args, '');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/error|Usage/);
  });
});
