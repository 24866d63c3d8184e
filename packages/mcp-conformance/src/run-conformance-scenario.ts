import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The official MCP conformance framework's server scenarios that apply to a read-only server of
 * a site's documents (docs/mcp.md maps them). The others test fixtures of the framework's own
 * reference server: tools named `test_*`, `test://` resources, prompts, sampling, elicitation.
 */
export const READ_ONLY_SERVER_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'dns-rebinding-protection',
] as const;

export interface ConformanceResult {
  passed: number;
  total: number;
  failed: number;
  /** What the framework printed, for a failure's message. */
  output: string;
}

const require = createRequire(import.meta.url);

/** The Node 22 binary of this platform's `node-<os>-<cpu>` package, if one was installed. */
function node22(): string | undefined {
  const name = `node-${process.platform}-${process.arch}`;
  try {
    const binary = join(dirname(require.resolve(`${name}/package.json`)), 'bin', 'node');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one server scenario of the framework against `url` (an MCP endpoint), with Node 22.
 * Undefined when this platform has no Node 22 package (the caller skips, saying so).
 */
export function conformanceRunner():
  ((url: string, scenario: string) => Promise<ConformanceResult>) | undefined {
  const binary = node22();
  if (!binary) return undefined;
  const cli = join(
    dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
    'dist',
    'index.js',
  );
  return (url, scenario) =>
    new Promise((resolve, reject) => {
      const child = spawn(binary, [cli, 'server', '--url', url, '--scenario', scenario], {
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => {
        // "Passed: 2/2, 0 failed, 0 warnings"
        const counts = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(output);
        if (!counts) {
          reject(new Error(`the conformance framework printed no result:\n${output}`));
          return;
        }
        resolve({
          passed: Number(counts[1]),
          total: Number(counts[2]),
          failed: Number(counts[3]),
          output,
        });
      });
    });
}
