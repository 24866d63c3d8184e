import { z } from 'zod';
import { documented, integerOption, oneOf, optionsObject } from '@agent-ready/core/options';
import { CACHE_KEY_PREFIX_PATTERN, type EdgeHeaderSettings } from '@agent-ready/core/serve';
import { defaultTagHeader, PURGER_KINDS, PURGER_TYPE_CHOICE } from './purger-kinds';
import { purgeDeliveryOptionsSchema, purgerOptionsSchema } from './purger-options';

/** `'cache-tag'` for cloudflare, `'surrogate-key'` for varnish, fastly, webhook: the kinds' defaults. */
function tagHeadersByKind(): string {
  const kindsOf = new Map<string, string[]>();
  for (const kind of PURGER_KINDS)
    kindsOf.set(kind.tagHeader, [...(kindsOf.get(kind.tagHeader) ?? []), kind.type]);
  return [...kindsOf]
    .sort(([, a], [, b]) => a.length - b.length)
    .map(([header, kinds]) => `\`'${header}'\` for ${kinds.join(', ')}`)
    .join(', ');
}

/** A day: what shared caches keep a purgeable response for unless `sharedMaxAge` says otherwise. */
export const DEFAULT_SHARED_MAX_AGE = 86_400;

/**
 * A shared cache in front of the site, kept right by purges (docs/edge.md): the `edge` option
 * of a site, as both adapters and the Strapi plugin offer it. Without it no shared-cache header
 * is sent and nothing is purged.
 */
export const edgeOptionsSchema = optionsObject({
  purger: documented(purgerOptionsSchema, {
    description: `\`{ type: ${PURGER_TYPE_CHOICE}, ... }\`: the cache to purge on every change (docs/edge.md).`,
  }),
  delivery: documented(purgeDeliveryOptionsSchema.optional(), {
    description:
      '`{ soft, pollIntervalMs, settleMs, maxBackoffMs }`: how the purge outbox is delivered.',
    default: 'hard purges, polled every 1000 ms, each sent again 2000 ms later',
  }),
  sharedMaxAge: documented(
    integerOption('must be an integer from 1 to 31536000', 1, 31_536_000).optional(),
    {
      description:
        'Seconds a shared cache may keep a purgeable agent response (`Surrogate-Control`, `CDN-Cache-Control`); agents still revalidate.',
      default: '86400',
    },
  ),
  tagHeader: documented(oneOf(['surrogate-key', 'cache-tag', 'edge-cache-tag']).optional(), {
    description:
      'Where cache tags go: `Surrogate-Key` (Varnish xkey, Fastly; space-separated), `Cache-Tag` (Cloudflare) or `Edge-Cache-Tag` (Akamai; comma-separated).',
    default: `by purger: ${tagHeadersByKind()}`,
  }),
  keyPrefix: documented(
    z
      .string({ error: 'must be 1 to 32 of a-z, 0-9 and -' })
      .regex(CACHE_KEY_PREFIX_PATTERN, { error: 'must be 1 to 32 of a-z, 0-9 and -' })
      .optional(),
    {
      description: 'Prepended to every cache tag (`<prefix>-<tag>`): sites sharing one cache.',
      default: 'none',
    },
  ),
});

export type EdgeOptions = z.input<typeof edgeOptionsSchema>;

/** What the endpoints send shared caches under these options (defaults applied). */
export function edgeHeaderSettingsOf(edge: EdgeOptions): EdgeHeaderSettings {
  return {
    sharedMaxAge: edge.sharedMaxAge ?? DEFAULT_SHARED_MAX_AGE,
    tagHeader: edge.tagHeader ?? defaultTagHeader(edge.purger.type),
    ...(edge.keyPrefix ? { keyPrefix: edge.keyPrefix } : {}),
  };
}
