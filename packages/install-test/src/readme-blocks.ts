import { readFileSync } from 'node:fs';

export interface ReadmeBlock {
  /** The name after `<!-- install-test: `, e.g. `config/plugins.ts`. */
  name: string;
  /** The fence's info string: `sh`, `ts`, `js`; empty for a table. */
  lang: string;
  text: string;
}

const MARKER = /<!-- install-test: (.+?) -->\n\n/g;

/**
 * The blocks a README marks for the install test: each `<!-- install-test: NAME -->` comment
 * names the fenced code block (or the table) right after it. The test runs what the README says,
 * so editing the README changes what is tested; a marker without a block fails here.
 */
export function readmeBlocks(file: string): Map<string, ReadmeBlock> {
  const markdown = readFileSync(file, 'utf8');
  const blocks = new Map<string, ReadmeBlock>();
  for (const match of markdown.matchAll(MARKER)) {
    const name = match[1]!;
    const rest = markdown.slice(match.index + match[0].length);
    const fence = /^```(\w*)\n([\s\S]*?)\n```/.exec(rest);
    const table = /^(\|[^\n]*\n)+/.exec(rest);
    if (fence) blocks.set(name, { name, lang: fence[1]!, text: `${fence[2]!}\n` });
    else if (table) blocks.set(name, { name, lang: '', text: table[0] });
    else throw new Error(`${file}: the install-test marker "${name}" names no code block or table`);
  }
  return blocks;
}

/** The block named `name`, or an error naming the README that should have it. */
export function readmeBlock(blocks: Map<string, ReadmeBlock>, name: string, file: string): string {
  const block = blocks.get(name);
  if (!block) throw new Error(`${file} has no <!-- install-test: ${name} --> block`);
  return block.text;
}

/** The shell commands of an `sh` block: one per line, comments and blank lines left out. */
export function shellCommands(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '')
    .map((line) => line.split(/\s+/));
}

/** The concrete paths a "What is served" table names (`/llms.txt`; not `<page path>llm.json`). */
export function servedPaths(table: string): string[] {
  const paths = new Set<string>();
  for (const line of table.split('\n')) {
    const first = line.split('|')[1] ?? '';
    for (const [, path] of first.matchAll(/`(\/[^`<*]*)`/g)) paths.add(path!);
  }
  return [...paths];
}
