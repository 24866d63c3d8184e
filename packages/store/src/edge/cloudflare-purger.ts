import { z } from 'zod';
import {
  documented,
  httpUrlOption,
  nonEmptyString,
  optionsObject,
} from '@agent-ready/core/options';
import { purgeTimeoutOption, type PurgerKind } from './purger-kind';
import { batchKeys, PurgeError, sendPurgeRequest, type Purger } from './purger';

export interface CloudflarePurgerOptions {
  zoneId: string;
  /** An API token with the Cache Purge permission on the zone, sent as a bearer token. */
  apiToken: string;
  /** Default `https://api.cloudflare.com/client/v4` (tests point it at a local server). */
  apiBase?: string;
  timeoutMs?: number;
}

/**
 * Cloudflare's purge by cache-tag, as its API reference documents "Purge Cached Content"
 * (developers.cloudflare.com/api, resources/cache/methods/purge): `POST
 * https://api.cloudflare.com/client/v4/zones/{zone_id}/purge_cache` with an API token as
 * `Authorization: Bearer <token>` and a JSON body `{"tags": [...]}`. Its purge limits
 * (developers.cloudflare.com/cache/how-to/purge-cache/) allow "up to 100 operations per
 * request" for tags on every plan and rate-limit requests with a token bucket per account
 * (429 beyond it). Tags have no soft purge there: `soft` is ignored. A 200 whose JSON says
 * `"success": false` is a refusal too.
 */
export const CLOUDFLARE_MAX_TAGS_PER_REQUEST = 100;

export function createCloudflarePurger(options: CloudflarePurgerOptions): Purger {
  const base = (options.apiBase ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '');
  const url = `${base}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'cloudflare',
    maxKeysPerRequest: CLOUDFLARE_MAX_TAGS_PER_REQUEST,
    async purge(keys) {
      for (const batch of batchKeys(keys, { maxKeys: CLOUDFLARE_MAX_TAGS_PER_REQUEST })) {
        const text = await sendPurgeRequest('cloudflare', url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ tags: batch }),
          timeoutMs,
        });
        let answer: { success?: unknown; errors?: unknown } | undefined;
        try {
          answer = JSON.parse(text) as typeof answer;
        } catch {
          answer = undefined;
        }
        if (answer?.success === false) {
          throw new PurgeError(
            'cloudflare',
            `cloudflare purge: ${url} refused the purge: ${JSON.stringify(answer.errors ?? [])}`,
            { retryable: false, status: 200 },
          );
        }
      }
    },
  };
}

/** `edge.purger` for cloudflare (see `PURGER_KINDS`). */
export const cloudflarePurgerKind = {
  type: 'cloudflare',
  options: optionsObject({
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
    timeoutMs: purgeTimeoutOption,
  }),
  create: createCloudflarePurger,
  tagHeader: 'cache-tag',
} as const satisfies PurgerKind<'cloudflare'>;
