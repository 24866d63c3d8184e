import { join } from 'node:path';
import {
  dualPackageExports,
  exportedSurface,
  packageExportsOf,
  publicSurfaceChanges,
} from '@agent-ready/test-support';

// The public surface of @agent-ready/mcp: what its entry exports, held to `public-surface.json`
// (see test-support's public-surface). Regenerate the file after a deliberate change with
// `npm run surface:update` in packages/mcp, and say so in a changeset.

const SRC = __dirname;
const ENTRIES = { '.': 'index' } as const;

describe('the public surface of @agent-ready/mcp', () => {
  const actual = exportedSurface(join(SRC, '..', 'tsconfig.json'), {
    '.': join(SRC, 'index.ts'),
  });

  it('package.json exports its entry with import, require and types', () => {
    expect(packageExportsOf(SRC)).toEqual(dualPackageExports(ENTRIES));
  });

  it('exports the names public-surface.json lists, no more, no fewer', () => {
    expect(publicSurfaceChanges(join(SRC, 'public-surface.json'), actual)).toEqual([]);
  });
});
