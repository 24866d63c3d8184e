import { join } from 'node:path';
import { describePublicSurface } from '@agent-ready/test-support';

// What @agent-ready/express exports, held to `public-surface.json` (test-support's public-surface).
// Regenerate it after a deliberate change with `npm run surface:update` in packages/express.

describePublicSurface(
  {
    name: '@agent-ready/express',
    root: join(__dirname, '..'),
    entries: { '.': 'src/index.ts' },
    dualExports: { '.': 'index' },
  },
  join(__dirname, 'public-surface.json'),
);
