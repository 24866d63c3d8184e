import type { Knex } from 'knex';

/**
 * PostgreSQL's text search configuration for a document's language: the Snowball stemmer of
 * its primary language subtag (BCP 47, `en-GB` → `english`), `simple` (no stemming, no stop
 * words) for any other language or none. Only configurations the server has are used: a
 * language whose configuration it lacks (older servers have fewer) is `simple` too.
 */
const CONFIG_BY_LANGUAGE: Readonly<Record<string, string>> = {
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hi: 'hindi',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

export const SIMPLE_SEARCH_CONFIG = 'simple';

/** The configuration for `language` among those the server has (`available`). */
export function searchConfigOf(
  language: string | null | undefined,
  available: ReadonlySet<string>,
): string {
  const primary = (language ?? '').split(/[-_]/, 1)[0]!.toLowerCase();
  const config = CONFIG_BY_LANGUAGE[primary];
  return config !== undefined && available.has(config) ? config : SIMPLE_SEARCH_CONFIG;
}

/** The server's text search configurations, read once per connection pool. */
const availableByKnex = new WeakMap<object, Promise<ReadonlySet<string>>>();

export function availableSearchConfigs(
  knex: Knex | Knex.Transaction,
): Promise<ReadonlySet<string>> {
  const key = (knex.client as { config: object }).config;
  let available = availableByKnex.get(key);
  if (!available) {
    available = (async () => {
      const result = (await knex.raw('select cfgname from pg_catalog.pg_ts_config')) as {
        rows: { cfgname: string }[];
      };
      return new Set(result.rows.map((row) => row.cfgname));
    })();
    available.catch(() => availableByKnex.delete(key));
    availableByKnex.set(key, available);
  }
  return available;
}
