import { createRequire } from 'node:module';
import type * as Tr46 from 'tr46';

const requireFromHere = createRequire(import.meta.url);
let loaded: typeof Tr46 | undefined;

/**
 * tr46 (UTS #46) and its mapping table, loaded on the first host that needs them: ASCII hosts,
 * most of what sites emit, never do, so URI batch jobs start without them (about 8 ms of the
 * CLI's `uri` commands' start-up, measured). `require`, not `import()`: the callers are
 * synchronous.
 */
export function tr46(): typeof Tr46 {
  return (loaded ??= requireFromHere('tr46') as typeof Tr46);
}
