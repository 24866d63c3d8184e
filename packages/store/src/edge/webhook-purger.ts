import { z } from 'zod';
import { documented, httpUrlOption, integerOption, optionsObject } from '@agent-ready/core/options';
import { purgeTimeoutOption, type PurgerKind } from './purger-kind';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { batchKeys, sendPurgeRequest, type Purger } from './purger';

export interface WebhookPurgerOptions {
  /** Where to POST the keys. */
  url: string;
  /** The shared secret both sides sign with (at least 16 characters). */
  secret: string;
  /** Keys per request (default 1,000). */
  maxKeysPerRequest?: number;
  timeoutMs?: number;
  /** The clock the timestamp is read from (tests). */
  now?: () => number;
}

/** The headers a signed purge request carries. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-agent-ready-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-agent-ready-signature';

/** `v1=` and the hex HMAC-SHA256, keyed with the secret, of `<timestamp>.<raw body>`. */
export function signPurgeWebhook(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver checks before it purges (docs/edge.md): the signature over the timestamp and
 * the raw body as received (before any JSON parsing), compared in constant time, and a
 * timestamp no further than `toleranceSeconds` (default 300) from its own clock, so a captured
 * request cannot be replayed later.
 */
export function verifyPurgeWebhook(input: {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  toleranceSeconds?: number;
  now?: number;
}): boolean {
  const { timestamp, signature } = input;
  if (timestamp === undefined || signature === undefined || !/^\d{1,12}$/.test(timestamp))
    return false;
  const skew = Math.abs((input.now ?? Date.now()) / 1000 - Number(timestamp));
  if (skew > (input.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signPurgeWebhook(input.secret, timestamp, input.body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Anything else that caches (Akamai through a small relay, a purge service of your own): a POST
 * of `{"keys": [...], "soft": false}` as JSON, signed with HMAC-SHA256 over the timestamp and
 * the body (`verifyPurgeWebhook` checks it). 2xx is success; 429 and 5xx are retried.
 */
export function createWebhookPurger(options: WebhookPurgerOptions): Purger {
  const maxKeysPerRequest = options.maxKeysPerRequest ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  return {
    name: 'webhook',
    maxKeysPerRequest,
    async purge(keys, { soft = false } = {}) {
      for (const batch of batchKeys(keys, { maxKeys: maxKeysPerRequest })) {
        const body = JSON.stringify({ keys: batch, soft });
        const timestamp = String(Math.floor(now() / 1000));
        await sendPurgeRequest('webhook', options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
            [WEBHOOK_SIGNATURE_HEADER]: signPurgeWebhook(options.secret, timestamp, body),
          },
          body,
          timeoutMs,
        });
      }
    },
  };
}

/** `edge.purger` for webhook (see `PURGER_KINDS`). */
export const webhookPurgerKind = {
  type: 'webhook',
  options: optionsObject({
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
    timeoutMs: purgeTimeoutOption,
  }),
  create: createWebhookPurger,
  tagHeader: 'surrogate-key',
} as const satisfies PurgerKind<'webhook'>;
