import { z } from 'zod';
import { booleanOption, documented, integerOption, optionsObject } from '@agent-ready/core/options';
import type { Purger } from './purger';
import { PURGER_KINDS, PURGER_TYPE_CHOICE } from './purger-kinds';

/** Each kind's options schema, as a tuple (what a discriminated union takes). */
type OptionsOfKinds<Kinds extends readonly unknown[]> = {
  -readonly [I in keyof Kinds]: Kinds[I] extends { options: infer Schema } ? Schema : never;
};

/** Which shared cache to purge and how to reach it (`createPurger`); documented for the README. */
export const purgerOptionsSchema = z.discriminatedUnion(
  'type',
  PURGER_KINDS.map((kind) => kind.options) as unknown as OptionsOfKinds<typeof PURGER_KINDS>,
  { error: `must be { type: ${PURGER_TYPE_CHOICE}, ... }` },
);

export type PurgerOptions = z.input<typeof purgerOptionsSchema>;

/** How the purge outbox is delivered (`createPurgeDelivery`). */
export const purgeDeliveryOptionsSchema = optionsObject({
  soft: documented(booleanOption().optional(), {
    description:
      'Soft purges (Varnish, Fastly): objects turn stale and may be served once more while refetched.',
    default: '`false`',
  }),
  pollIntervalMs: documented(integerOption('must be an integer of at least 10', 10).optional(), {
    description: 'How often an instance looks for purges another instance enqueued (ms).',
    default: '1000',
  }),
  settleMs: documented(
    integerOption('must be an integer from 0 to 600000', 0, 600_000).optional(),
    {
      description:
        'Each purge is sent once more this long after it first went out (ms; 0: never): longer than a cache fetch straddling a commit and its purge plus the time other instances take to see the change (their `revalidateAfterMs`, 250 ms by default, where no PostgreSQL `NOTIFY` tells them), so no cached object outlives the purge of the change it misses by more than this.',
      default: '2000',
    },
  ),
  maxBackoffMs: documented(integerOption('must be an integer of at least 1000', 1000).optional(), {
    description: 'The longest wait between two tries of a failing purge (ms).',
    default: '600000',
  }),
});

/** The purger the options describe. */
export function createPurger(options: z.output<typeof purgerOptionsSchema>): Purger {
  const kind = PURGER_KINDS.find((candidate) => candidate.type === options.type)!;
  return (kind.create as (options: z.output<typeof purgerOptionsSchema>) => Purger)(options);
}
