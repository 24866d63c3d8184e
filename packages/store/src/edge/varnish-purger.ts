import { z } from 'zod';
import {
  documented,
  httpUrlOption,
  nonEmptyString,
  optionsObject,
} from '@agent-ready/core/options';
import { purgeTimeoutOption, type PurgerKind } from './purger-kind';
import { batchKeys, sendPurgeRequest, type Purger } from './purger';

export interface VarnishPurgerOptions {
  /** Each Varnish to purge, as its base URL (`http://10.0.0.5:6081`): every one gets every purge. */
  addresses: readonly string[];
  /** The shared token the VCL checks (`X-Purge-Token`), when set there. */
  token?: string;
  /** Keys per request (default 256). */
  maxKeysPerRequest?: number;
  /** Per request, default 10 s. */
  timeoutMs?: number;
}

/**
 * Varnish with the shipped VCL (docs/edge/varnish.vcl): `PURGE /` with the keys, space-separated,
 * in `xkey-purge` (or `xkey-softpurge`). The keys travel in one header, which Varnish caps at
 * `http_req_hdr_len` (8 KB by default): a request carries at most 6,000 bytes of keys.
 */
export function createVarnishPurger(options: VarnishPurgerOptions): Purger {
  const addresses = options.addresses.map((address) => address.replace(/\/+$/, ''));
  const maxKeysPerRequest = options.maxKeysPerRequest ?? 256;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'varnish',
    maxKeysPerRequest,
    async purge(keys, { soft = false } = {}) {
      for (const batch of batchKeys(keys, { maxKeys: maxKeysPerRequest, maxBytes: 6000 })) {
        // Every cache in turn: a retry after a failure purges the ones that had it again,
        // which costs a refetch, never a stale answer.
        for (const address of addresses) {
          await sendPurgeRequest('varnish', `${address}/`, {
            method: 'PURGE',
            headers: {
              [soft ? 'xkey-softpurge' : 'xkey-purge']: batch.join(' '),
              ...(options.token ? { 'x-purge-token': options.token } : {}),
            },
            timeoutMs,
          });
        }
      }
    },
  };
}

/** `edge.purger` for varnish (see `PURGER_KINDS`). */
export const varnishPurgerKind = {
  type: 'varnish',
  options: optionsObject({
    type: documented(z.literal('varnish'), { description: 'Which cache.' }),
    addresses: documented(z.array(httpUrlOption()).min(1, { error: 'name at least one' }), {
      description:
        'Each Varnish running docs/edge/varnish.vcl, as a base URL (`http://10.0.0.5:6081`): every one gets every purge.',
    }),
    token: documented(nonEmptyString('must be a non-empty string').optional(), {
      description: 'The shared token the VCL checks in `X-Purge-Token`, if set there.',
      default: 'none',
    }),
    timeoutMs: purgeTimeoutOption,
  }),
  create: createVarnishPurger,
  tagHeader: 'surrogate-key',
} as const satisfies PurgerKind<'varnish'>;
