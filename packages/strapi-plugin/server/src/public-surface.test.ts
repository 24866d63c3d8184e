import { join } from 'node:path';
import { describePublicSurface } from '@agent-ready/test-support';

// What @agent-ready/strapi-plugin exports to Strapi and to apps' TypeScript (its server and
// admin entries), held to `public-surface.json` (test-support's public-surface). Regenerate it
// after a deliberate change with `npm run surface:update` in packages/strapi-plugin.

describePublicSurface(
  {
    name: '@agent-ready/strapi-plugin',
    root: join(__dirname, '..', '..'),
    entries: {
      './strapi-server': { file: 'server/src/index.ts', tsconfig: 'server/tsconfig.json' },
      './strapi-admin': { file: 'admin/src/index.ts', tsconfig: 'admin/tsconfig.json' },
    },
  },
  join(__dirname, 'public-surface.json'),
);
