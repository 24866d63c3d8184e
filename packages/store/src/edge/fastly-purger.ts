import { z } from 'zod';
import {
  documented,
  httpUrlOption,
  nonEmptyString,
  optionsObject,
} from '@agent-ready/core/options';
import { purgeTimeoutOption, type PurgerKind } from './purger-kind';
import { batchKeys, sendPurgeRequest, type Purger } from './purger';

export interface FastlyPurgerOptions {
  serviceId: string;
  /** An API token with the purge_select scope, sent as `Fastly-Key`. */
  apiToken: string;
  /** Default `https://api.fastly.com` (tests point it at a local server). */
  apiBase?: string;
  timeoutMs?: number;
}

/**
 * Fastly's bulk purge by surrogate key, as Fastly's API reference describes "Purge multiple
 * surrogate key tags" (operation `bulkPurgeTag` in Fastly's own generated clients: fastly/fastly-js
 * docs/PurgeApi.md, and the fastly-api crate's PurgeApi.md on docs.rs):
 * `POST https://api.fastly.com/service/{service_id}/purge` with the API token in `Fastly-Key`
 * and a JSON body `{"surrogate_keys": [...]}`; "Up to 256 surrogate keys can be purged in one
 * batch request"; a `Fastly-Soft-Purge: 1` header marks the objects stale instead of removing
 * them.
 */
export const FASTLY_MAX_KEYS_PER_REQUEST = 256;

export function createFastlyPurger(options: FastlyPurgerOptions): Purger {
  const base = (options.apiBase ?? 'https://api.fastly.com').replace(/\/+$/, '');
  const url = `${base}/service/${encodeURIComponent(options.serviceId)}/purge`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'fastly',
    maxKeysPerRequest: FASTLY_MAX_KEYS_PER_REQUEST,
    async purge(keys, { soft = false } = {}) {
      for (const batch of batchKeys(keys, { maxKeys: FASTLY_MAX_KEYS_PER_REQUEST })) {
        await sendPurgeRequest('fastly', url, {
          method: 'POST',
          headers: {
            'fastly-key': options.apiToken,
            'content-type': 'application/json',
            accept: 'application/json',
            ...(soft ? { 'fastly-soft-purge': '1' } : {}),
          },
          body: JSON.stringify({ surrogate_keys: batch }),
          timeoutMs,
        });
      }
    },
  };
}

/** `edge.purger` for fastly (see `PURGER_KINDS`). */
export const fastlyPurgerKind = {
  type: 'fastly',
  options: optionsObject({
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
    timeoutMs: purgeTimeoutOption,
  }),
  create: createFastlyPurger,
  tagHeader: 'surrogate-key',
} as const satisfies PurgerKind<'fastly'>;
