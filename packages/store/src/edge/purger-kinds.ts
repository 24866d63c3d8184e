import type { CacheTagHeader } from '@agent-ready/core/serve';
import { cloudflarePurgerKind } from './cloudflare-purger';
import { fastlyPurgerKind } from './fastly-purger';
import { varnishPurgerKind } from './varnish-purger';
import { webhookPurgerKind } from './webhook-purger';

/**
 * Every shared cache agent-ready purges: the one list (options, defaults, the README tables,
 * the Strapi admin and the types read it). To add one: docs/ARCHITECTURE.md ("A new purger").
 */
export const PURGER_KINDS = [
  varnishPurgerKind,
  fastlyPurgerKind,
  cloudflarePurgerKind,
  webhookPurgerKind,
] as const;

/** The `type` of `edge.purger`: one of the kinds. */
export type PurgerType = (typeof PURGER_KINDS)[number]['type'];

/** The kinds' types, in the table's order. */
export const PURGER_TYPES: readonly PurgerType[] = PURGER_KINDS.map((kind) => kind.type);

/** The header a kind's cache reads cache tags from, by default. */
export function defaultTagHeader(type: PurgerType): CacheTagHeader {
  return PURGER_KINDS.find((kind) => kind.type === type)!.tagHeader;
}

/** `'varnish' | 'fastly' | …`, as the option errors and docs write the choice. */
export const PURGER_TYPE_CHOICE = PURGER_TYPES.map((type) => `'${type}'`).join(' | ');
