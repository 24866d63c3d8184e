import { join } from 'node:path';
import { describePublicSurface } from '@agent-ready/test-support';

// What @agent-ready/client exports, held to `public-surface.json` (test-support's public-surface).
// Regenerate it after a deliberate change with `npm run surface:update` in packages/client.

describePublicSurface(
  {
    name: '@agent-ready/client',
    root: join(__dirname, '..'),
    entries: { '.': 'src/index.ts' },
    dualExports: { '.': 'index' },
  },
  join(__dirname, 'public-surface.json'),
);
