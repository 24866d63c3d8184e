import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  dualPackageExports,
  exportedSurface,
  packageExportsOf,
  publicSurfaceChanges,
  TEST_SUPPORT_MODULE,
} from '@agent-ready/test-support';

// The public surface of @agent-ready/store: what its two entries export, held to
// `public-surface.json` (see test-support's public-surface). `.` is for sites; `./internal` for
// agent-ready's own packages (the bench's bulk loading, tests). Regenerate the file after a
// deliberate change with `npm run surface:update` in packages/store.

const SRC = __dirname;

/** Each entry of package.json `exports`, by the name of its file in src/ and dist/. */
const ENTRIES = { '.': 'index', './internal': 'internal' } as const;

describe('the public surface of @agent-ready/store', () => {
  const actual = exportedSurface(
    join(SRC, '..', 'tsconfig.json'),
    Object.fromEntries(
      Object.entries(ENTRIES).map(([entry, file]) => [entry, join(SRC, `${file}.ts`)]),
    ),
  );

  it('package.json exports each entry with import, require and types', () => {
    expect(packageExportsOf(SRC)).toEqual(dualPackageExports(ENTRIES));
  });

  it('each entry exports the names public-surface.json lists, no more, no fewer', () => {
    // A difference here is a name added or removed: when deliberate, regenerate the file
    // (`npm run surface:update`) and say so in a changeset (a removal from `.` breaks users).
    expect(publicSurfaceChanges(join(SRC, 'public-surface.json'), actual)).toEqual([]);
  });

  it('a name is in one entry only: internal never repeats what is public', () => {
    const shared = actual['.']!.filter((name) => actual['./internal']!.includes(name));
    expect(shared).toEqual([]);
  });

  it('no module under src/ exists only for the tests (doubles and fixtures live in test/)', () => {
    const modules = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'),
    );
    // The pattern names such modules (core's of old, say): the check is not vacuous.
    const doubles = ['serve/in-memory-content-source.ts', 'content/content-arbitraries.ts'];
    expect(doubles.filter((path) => TEST_SUPPORT_MODULE.test(`/${path}`))).toEqual(doubles);
    expect(modules.filter((path) => TEST_SUPPORT_MODULE.test(`/${path}`))).toEqual([]);
  });
});
