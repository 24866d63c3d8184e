import { z } from 'zod';
import {
  booleanOption,
  documented,
  httpUrlOption,
  integerOption,
  nonEmptyString,
  optionsObject,
} from '@agent-ready/core/options';
import { createCloudflarePurger } from './cloudflare-purger';
import { createFastlyPurger } from './fastly-purger';
import type { Purger } from './purger';
import { createVarnishPurger } from './varnish-purger';
import { createWebhookPurger } from './webhook-purger';

const timeoutMs = documented(integerOption('must be an integer of at least 1', 1).optional(), {
  description: 'How long one purge request may take (ms).',
  default: '10000',
});

/** Which shared cache to purge and how to reach it (`createPurger`); documented for the README. */
export const purgerOptionsSchema = z.discriminatedUnion(
  'type',
  [
    optionsObject({
      type: documented(z.literal('varnish'), { description: 'Which cache.' }),
      addresses: documented(z.array(httpUrlOption()).min(1, { error: 'name at least one' }), {
        description:
          'Each Varnish running docs/edge/varnish.vcl, as a base URL (`http://10.0.0.5:6081`): every one gets every purge.',
      }),
      token: documented(nonEmptyString('must be a non-empty string').optional(), {
        description: 'The shared token the VCL checks in `X-Purge-Token`, if set there.',
        default: 'none',
      }),
      timeoutMs,
    }),
    optionsObject({
      type: documented(z.literal('fastly'), { description: 'Which cache.' }),
      serviceId: documented(nonEmptyString('must be the service id'), {
        description: 'The Fastly service to purge.',
      }),
      apiToken: documented(nonEmptyString('must be an API token'), {
        description: 'A Fastly API token with the `purge_select` scope.',
      }),
      apiBase: documented(httpUrlOption().optional(), {
        description: 'The API location.',
        default: '`https://api.fastly.com`',
      }),
      timeoutMs,
    }),
    optionsObject({
      type: documented(z.literal('cloudflare'), { description: 'Which cache.' }),
      zoneId: documented(nonEmptyString('must be the zone id'), {
        description: 'The Cloudflare zone to purge.',
      }),
      apiToken: documented(nonEmptyString('must be an API token'), {
        description: 'A Cloudflare API token with the Cache Purge permission on the zone.',
      }),
      apiBase: documented(httpUrlOption().optional(), {
        description: 'The API location.',
        default: '`https://api.cloudflare.com/client/v4`',
      }),
      timeoutMs,
    }),
    optionsObject({
      type: documented(z.literal('webhook'), { description: 'Which cache.' }),
      url: documented(httpUrlOption(), { description: 'Where signed purge requests are POSTed.' }),
      secret: documented(
        z.string({ error: 'must be at least 16 characters' }).min(16, {
          error: 'must be at least 16 characters',
        }),
        { description: 'The HMAC-SHA256 key both sides share (docs/edge.md: verification).' },
      ),
      maxKeysPerRequest: documented(
        integerOption('must be an integer from 1 to 100000', 1, 100_000).optional(),
        { description: 'Keys per request.', default: '1000' },
      ),
      timeoutMs,
    }),
  ],
  { error: "must be { type: 'varnish' | 'fastly' | 'cloudflare' | 'webhook', ... }" },
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
  switch (options.type) {
    case 'varnish':
      return createVarnishPurger(options);
    case 'fastly':
      return createFastlyPurger(options);
    case 'cloudflare':
      return createCloudflarePurger(options);
    case 'webhook':
      return createWebhookPurger(options);
  }
}
