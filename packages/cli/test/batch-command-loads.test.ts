import { spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, finished } from './cli-process';

const RECORDER = join(__dirname, 'support', 'record-module-loads.mjs');
const coreDist = dirname(realpathSync(require.resolve('@agent-ready/core')));
const coreModule = (file: string) => pathToFileURL(join(coreDist, file)).href;

/** The ES modules `agent-ready <args>` loads when given `input` on stdin. */
async function modulesLoadedBy(args: string[], input: string): Promise<string[]> {
  const record = join(tmpdir(), `module-loads-${args.join('-')}.txt`);
  const child = spawn(process.execPath, ['--import', RECORDER, BIN, ...args], {
    stdio: 'pipe',
    env: { ...process.env, RECORD_MODULE_LOADS_TO: record },
  });
  const result = finished(child);
  child.stdin.end(input);
  const { code, stderr } = await result;
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return readFileSync(record, 'utf8').split('\n').filter(Boolean);
}

// Start-up time of the batch commands is loading code: the whole core barrel takes several
// times what bare Node takes to start. Each batch command imports a light core entry instead
// (the time itself is measured by the `cli.startup` bench scenario, not here).
describe('the batch commands load a light core entry, never the whole core', () => {
  it.each([
    [['normalize', 'text', '--jsonl'], 'text.js', '"Hi"\n'],
    [['json', 'canonicalize', '--jsonl'], 'json.js', '{"b":1,"a":2}\n'],
    [['uri', 'normalize', '--jsonl'], 'uri.js', '"HTTP://Example.COM:80/"\n'],
    [['uri', 'equivalent', '--jsonl'], 'uri.js', '["http://a/","HTTP://a/"]\n'],
    [['uri', 'resolve', '--jsonl'], 'uri.js', '["http://a/b/","../c"]\n'],
  ])('%j loads core/%s only', async (args, entry, input) => {
    const loaded = await modulesLoadedBy(args, input);
    expect(loaded).toContain(coreModule(entry));
    expect(loaded).not.toContain(coreModule('index.js'));
  });
});
