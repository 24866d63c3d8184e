import type { z } from 'zod';
import { documented, integerOption } from '@agent-ready/core/options';
import type { CacheTagHeader } from '@agent-ready/core/serve';
import type { Purger } from './purger';

/**
 * One kind of shared cache agent-ready purges, declared beside its purger: the `edge.purger`
 * options it takes (`type` included, documented for the READMEs), how its purger is made, and
 * where its cache reads cache tags. Every kind is listed once, in `PURGER_KINDS`
 * (purger-kinds.ts); options, defaults, docs and the admin read them from there.
 */
export interface PurgerKind<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly options: Schema;
  create(options: z.output<Schema>): Purger;
  /** The header its cache reads tags from, unless `edge.tagHeader` says otherwise. */
  readonly tagHeader: CacheTagHeader;
}

/** `timeoutMs`, which every kind takes. */
export const purgeTimeoutOption = documented(
  integerOption('must be an integer of at least 1', 1).optional(),
  { description: 'How long one purge request may take (ms).', default: '10000' },
);
