import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const headlessDoc = readFileSync(join(root, '..', '..', 'docs', 'headless.md'), 'utf8');
const tsBlocks = [...headlessDoc.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);

/** What users copy from the docs is what the tests run. */
describe('docs/headless.md shows the tested example files', () => {
  it.each(['nextjs/middleware.ts', 'nuxt/server/middleware/agent-ready.ts'])(
    '%s, exactly',
    (file) => {
      const example = readFileSync(join(root, file), 'utf8');
      // Each example starts with a comment naming the file in the user's project.
      const firstLine = example.slice(0, example.indexOf('\n') + 1);
      expect(firstLine).toMatch(/^\/\/ (?:middleware|server\/middleware\/agent-ready)\.ts\b/);
      const snippets = tsBlocks.filter((block) => block.startsWith(firstLine));
      expect(snippets).toEqual([example]);
    },
  );
});
