import type { Knex } from 'knex';
import type { CatalogSearchHit, CatalogSearchPage, CatalogSearchRequest } from '@agent-ready/core';
import { CATALOG_DOCUMENT_COLUMNS, catalogDocumentOf } from '../catalog/catalog-document-row';
import type { Dialect } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';
import { makeSnippet, parseSearchQuery, searchKeywords, type SearchQuery } from '@agent-ready/core';
import { correctSearchWords } from './correct-search-words';
import {
  mysqlTermExpressions,
  postgresTermTexts,
  sqliteTermExpressions,
  type SearchCorrections,
} from './parse-search-query';
import { rankedTiers, tierMatch, type RankedTier } from './rank-tiers';
import { mysqlScore, postgresScore, sqliteScore, type SqlPart } from './relevance-score';
import {
  formatSearchCursor,
  parseSearchCursor,
  searchCursorScope,
  type SearchPosition,
} from './search-cursor';
import { searchTextOf } from './search-text';

/** Results per page when the request names none, and the most a page holds. */
export const DEFAULT_SEARCH_PAGE = 10;
export const MAX_SEARCH_PAGE = 50;

/**
 * The ranked, filtered matches as `id` and `score` only, best first, after the cursor, at most
 * `limit`: the document columns and the snippet text are read for the page alone (joined to
 * it), not carried through the ranking of every match.
 */
interface RankedIds {
  sql: string;
  bindings: Knex.RawBinding[];
}

const documentColumns = CATALOG_DOCUMENT_COLUMNS.map((column) => `d.${column}`).join(', ');

/**
 * The filters a search applies to a row of `alias` (a document row, or PostgreSQL's index row,
 * which holds copies of these columns): visible, in the locale and section asked for.
 */
function searchFilters(
  request: CatalogSearchRequest,
  alias: string,
): {
  sql: string;
  bindings: Knex.RawBinding[];
} {
  const parts = [
    request.includeProtected
      ? `${alias}.visibility in ('public', 'protected')`
      : `${alias}.visibility = 'public'`,
  ];
  const bindings: Knex.RawBinding[] = [];
  if (request.locales !== undefined) {
    const locales = [...request.locales];
    parts.push(
      locales.length === 0 ? '1 = 0' : `${alias}.locale in (${locales.map(() => '?').join(', ')})`,
    );
    bindings.push(...locales);
  }
  if (request.section !== undefined) {
    parts.push(`${alias}.section = ?`);
    bindings.push(request.section);
  }
  return { sql: parts.join(' and '), bindings };
}

/** The same filters on a document row, which must also be published. */
function documentFilters(request: CatalogSearchRequest): {
  sql: string;
  bindings: Knex.RawBinding[];
} {
  const filters = searchFilters(request, 'd');
  return { sql: `d.state = 'published' and ${filters.sql}`, bindings: filters.bindings };
}

/**
 * The best `limit` of `matches` (a select of `id` and `score`) after the cursor's position, in
 * the ranked order: score descending, then id.
 */
function topRanked(
  matches: string,
  bindings: readonly Knex.RawBinding[],
  after: SearchPosition | undefined,
  limit: number,
): RankedIds {
  const keyset = after ? 'where (r.score < ? or (r.score = ? and r.id > ?)) ' : '';
  return {
    sql: `select r.id, r.score from (${matches}) as r ${keyset}order by r.score desc, r.id asc limit ?`,
    bindings: [...bindings, ...(after ? [after.score, after.score, after.id] : []), limit],
  };
}

/** What InnoDB indexes: words of at least `minLength`, no stop word (read once per pool). */
const mysqlIndexing = new WeakMap<
  object,
  Promise<{ minLength: number; stopwords: ReadonlySet<string> }>
>();

function innodbIndexing(knex: Knex) {
  const key = (knex.client as { config: object }).config;
  let indexing = mysqlIndexing.get(key);
  if (!indexing) {
    indexing = (async () => {
      const [lengthRows] = (await knex.raw('select @@innodb_ft_min_token_size as n')) as [
        { n: unknown }[],
      ];
      const [enabledRows] = (await knex.raw('select @@innodb_ft_enable_stopword as on_')) as [
        { on_: unknown }[],
      ];
      let stopwords = new Set<string>();
      if (Number(enabledRows[0]?.on_ ?? 1) === 1) {
        const [rows] = (await knex.raw(
          'select value from information_schema.INNODB_FT_DEFAULT_STOPWORD',
        )) as [{ value: unknown }[]];
        stopwords = new Set(rows.map((row) => String(row.value).toLowerCase()));
      }
      return { minLength: Number(lengthRows[0]?.n ?? 3), stopwords };
    })();
    indexing.catch(() => mysqlIndexing.delete(key));
    mysqlIndexing.set(key, indexing);
  }
  return indexing;
}

/**
 * The text search configurations the index holds now: a skip scan of their index, one probe
 * per configuration (a site has one or a few).
 */
export async function postgresConfigsInUse(knex: Knex, t: TableNames): Promise<string[]> {
  const result = (await knex.raw(
    `with recursive configs as (
       (select config from ?? order by config limit 1)
       union all
       select (select s.config from ?? as s where s.config > configs.config order by s.config limit 1)
       from configs where configs.config is not null
     ) select config from configs where config is not null`,
    [t.search, t.search],
  )) as { rows: { config: string }[] };
  return result.rows.map((row) => row.config);
}

/** The query as each database matches it: one expression per term (parse-search-query.ts). */
type TermExpressions = readonly string[];

/** A `below` tier keeps the rows holding fewer terms than it names: their count checked per row. */
function belowCondition(tier: RankedTier, held: SqlPart): SqlPart {
  if (!('below' in tier)) return { sql: '', bindings: [] };
  return { sql: ` and ${held.sql} < ?`, bindings: [...held.bindings, tier.below] };
}

/**
 * SQLite's `id` and `score` of a tier's rows, joined to their document rows and filtered when
 * `filters` is given. BM25 sums over the phrases of the statement's MATCH that have hits in the
 * row, and FTS5 gives none to the phrases of a clause that does not match it: for a row holding
 * exactly `held` terms only the one combination of them matches, so the tier's expression (its
 * terms written out several times) scores a row as any term would (rank-tiers.test.ts holds the
 * tiers to the one-pass ranking, scores included).
 */
function sqliteTierRows(
  t: TableNames,
  terms: TermExpressions,
  tier: RankedTier,
  filters?: SqlPart,
): SqlPart {
  const { score, held } = sqliteScore(t, `${t.search}.rowid`, terms, tier);
  const below = belowCondition(tier, held);
  return {
    sql: `select ??.rowid as id, ${score.sql} as score from ??${filters ? ' join ?? as d on d.id = ??.rowid' : ''} where ?? match ?${below.sql}${filters ? ` and ${filters.sql}` : ''}`,
    bindings: [
      t.search,
      ...score.bindings,
      t.search,
      ...(filters ? [t.documents, t.search] : []),
      t.search,
      tierMatch('sqlite', terms, tier),
      ...below.bindings,
      ...(filters ? filters.bindings : []),
    ],
  };
}

function rankedIds(
  t: TableNames,
  dialect: Dialect,
  terms: TermExpressions,
  request: CatalogSearchRequest,
  after: SearchPosition | undefined,
  limit: number,
  /** PostgreSQL's text search configurations in use. */
  configs: readonly string[],
  tier: RankedTier,
): RankedIds {
  const filters = documentFilters(request);
  const matched = tierMatch(dialect, terms, tier);
  if (dialect === 'sqlite') {
    const rows = sqliteTierRows(t, terms, tier, filters);
    return topRanked(rows.sql, rows.bindings, after, limit);
  }
  if (dialect === 'postgres') {
    // A document matches the query in its own language's configuration: per configuration in
    // use, its best `limit` by score, with the query a constant there, parsed once when
    // planned and answered from the GIN index (parsed per row, in the row's configuration, it
    // costs more than the rank); filtered on the columns the index rows carry, no document row
    // read until the page is cut. The score is a float8, not rounded: a float4 rank widened
    // exactly, plus a count, printed exactly (PostgreSQL 12 and later) and read back
    // from the cursor as the same double, so it needs no rounding to compare equal (numeric
    // rounding of every match cost a third of the query). (In one statement with the
    // configurations, the planner could not tell how few they are, and its estimate alone had
    // the query JIT-compiled, 10 ms more.)
    const indexFilters = searchFilters(request, 's');
    const perConfig = configs.map((config) => {
      const { score, held } = postgresScore(config, terms, tier);
      const below = belowCondition(tier, held);
      return topRanked(
        `select s.doc_id as id, ${score.sql} as score from ?? as s where s.config = ? and s.vector @@ to_tsquery(?::regconfig, ?)${below.sql} and ${indexFilters.sql}`,
        [
          ...score.bindings,
          t.search,
          config,
          config,
          matched,
          ...below.bindings,
          ...indexFilters.bindings,
        ],
        after,
        limit,
      );
    });
    if (perConfig.length === 1) return perConfig[0]!;
    return {
      sql: `select p.id, p.score from (${perConfig.map((ranked) => `(${ranked.sql})`).join(' union all ')}) as p order by p.score desc, p.id asc limit ?`,
      bindings: [...perConfig.flatMap((ranked) => ranked.bindings), limit],
    };
  }
  const { score, held } = mysqlScore(terms, tier);
  const below = belowCondition(tier, held);
  return topRanked(
    `select s.doc_id as id, ${score.sql} as score from ?? as s join ?? as d on d.id = s.doc_id where match(s.title, s.body) against (? in boolean mode)${below.sql} and ${filters.sql}`,
    [...score.bindings, t.search, t.documents, matched, ...below.bindings, ...filters.bindings],
    after,
    limit,
  );
}

/** What InnoDB indexes, on MySQL/MariaDB only. */
async function mysqlIndexingOf(knex: Knex, dialect: Dialect) {
  return dialect === 'mysql' ? innodbIndexing(knex) : undefined;
}

/** The query's terms in the database's syntax; InnoDB leaves out the words it does not index. */
function termExpressions(
  dialect: Dialect,
  keywords: SearchQuery,
  corrections: SearchCorrections,
  innodb: { minLength: number; stopwords: ReadonlySet<string> } | undefined,
): TermExpressions {
  if (dialect === 'sqlite') return sqliteTermExpressions(keywords, corrections);
  if (dialect === 'postgres') return postgresTermTexts(keywords, corrections);
  return mysqlTermExpressions(keywords, innodb!, corrections);
}

function rowsOf(dialect: Dialect, result: unknown): Record<string, unknown>[] {
  if (dialect === 'postgres') return (result as { rows: Record<string, unknown>[] }).rows;
  if (dialect === 'mysql') return (result as [Record<string, unknown>[]])[0];
  return result as Record<string, unknown>[];
}

/** Candidates SQLite ranks from its index alone, per result a page asks for. */
const SQLITE_CANDIDATES_PER_RESULT = 4;

/**
 * SQLite's page from the index alone, when it can: the best few candidates by BM25 ranked in
 * FTS5 without reading a document row, then only those joined to their rows and filtered. The
 * rows that pass are the start of the filtered ranking (it is the full ranking less the rows
 * that do not pass), so the page is exact when `limit` of them pass or no candidate was left
 * out; else undefined, and the caller ranks with the filters joined to every match (a page of a
 * rare locale or section). Joined to every match, a document row is read per match: most of a
 * search's cost where nearly every match passes, as on most sites.
 */
async function sqliteFromCandidates(
  knex: Knex,
  t: TableNames,
  terms: TermExpressions,
  request: CatalogSearchRequest,
  after: SearchPosition | undefined,
  limit: number,
  tier: RankedTier,
): Promise<Record<string, unknown>[] | undefined> {
  const candidates = limit * SQLITE_CANDIDATES_PER_RESULT;
  const tierRows = sqliteTierRows(t, terms, tier);
  const ranked = topRanked(tierRows.sql, tierRows.bindings, after, candidates);
  const filters = documentFilters(request);
  const rows = (await knex.raw(
    `with r as materialized (${ranked.sql}) select ${documentColumns}, d.body, r.score, (select count(*) from r) as candidates from r join ?? as d on d.id = r.id where ${filters.sql} order by r.score desc, r.id asc limit ?`,
    [...ranked.bindings, t.documents, ...filters.bindings, limit],
  )) as Record<string, unknown>[];
  // No row: no way to tell whether candidates were left out (the count rides on the rows).
  if (rows.length === limit || (rows.length > 0 && Number(rows[0]!.candidates) < candidates))
    return rows;
  return undefined;
}

/**
 * Searches the published documents in the search index: the query less its stop words, any
 * term matching, a misspelt word also as the index's closest words (correct-search-words.ts),
 * ranked by the terms held and then the database's relevance (relevance-score.ts), filtered by
 * locale and section, a page at a time from a cursor. The page's rows are read in the statement
 * that ranks them: every result is a row published when the page was read, its snippet from the
 * bytes read then.
 */
export async function searchDocuments(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
  request: CatalogSearchRequest,
  options: {
    /**
     * PostgreSQL's configurations in use, as a caller keeps them (the reader, between the
     * checks of its cache); default: read for this search.
     */
    configsInUse?: () => Promise<readonly string[]>;
    /**
     * Rank every match in one statement, each term's presence counted per row, not a tier at a
     * time: the ranking the tiers must equal, which a differential test compares them with.
     */
    onePass?: boolean;
  } = {},
): Promise<CatalogSearchPage> {
  const query = parseSearchQuery(request.query);
  const limit = Math.max(
    1,
    Math.min(
      MAX_SEARCH_PAGE,
      Math.floor(request.limit ?? DEFAULT_SEARCH_PAGE) || DEFAULT_SEARCH_PAGE,
    ),
  );
  const scope = searchCursorScope([
    query.terms,
    request.locales ? [...request.locales].sort() : null,
    request.section ?? null,
    request.includeProtected === true,
  ]);
  const after: SearchPosition | undefined =
    request.cursor !== undefined ? parseSearchCursor(request.cursor, scope) : undefined;
  if (query.terms.length === 0) return { hits: [] };
  // What is matched: the query less its stop words (English's and the locales' asked for).
  const keywords = searchKeywords(query, request.locales ?? []);
  const configs =
    dialect === 'postgres' ? await (options.configsInUse?.() ?? postgresConfigsInUse(knex, t)) : [];
  if (dialect === 'postgres' && configs.length === 0) return { hits: [] };
  const corrections = await correctSearchWords(knex, t, dialect, keywords, configs);
  const terms = termExpressions(
    dialect,
    keywords,
    corrections,
    await mysqlIndexingOf(knex, dialect),
  );
  if (terms.length === 0) return { hits: [] };
  const filters = documentFilters(request);
  /** The best `wanted` rows of a tier after the cursor, in the ranked order. */
  const rankedRows = async (tier: RankedTier, wanted: number) => {
    if (dialect === 'sqlite') {
      const rows = await sqliteFromCandidates(knex, t, terms, request, after, wanted, tier);
      if (rows) return rows;
    }
    const ranked = rankedIds(t, dialect, terms, request, after, wanted, configs, tier);
    // The document columns and M-URL bytes of the ranked page's rows alone, joined after the
    // limit (a subquery with a LIMIT is not merged into the join), in the same statement; the
    // rows checked against the filters once more, as they are now.
    return rowsOf(
      dialect,
      await knex.raw(
        `select ${documentColumns}, d.body, r.score from (${ranked.sql}) as r join ?? as d on d.id = r.id where ${filters.sql} order by r.score desc, r.id asc`,
        [...ranked.bindings, t.documents, ...filters.bindings],
      ),
    );
  };
  // The page's rows and one more, if there is a next page, a tier at a time from the cursor's
  // (rank-tiers.ts): a page the documents holding the most terms fill ranks no others.
  const rows: Record<string, unknown>[] = [];
  const tiers: Iterable<RankedTier> = options.onePass
    ? [{ below: terms.length + 1 }]
    : rankedTiers(dialect, terms.length, after?.score);
  for (const tier of tiers) {
    rows.push(...(await rankedRows(tier, limit + 1 - rows.length)));
    if (rows.length > limit) break;
  }
  const page = rows.slice(0, limit);
  if (page.length === 0) return { hits: [] };
  const hits: CatalogSearchHit[] = page.map((row) => {
    const document = catalogDocumentOf(row);
    return {
      ...document,
      // Cut from the text the row's bytes carry (what was indexed): the index keeps no copy.
      snippet: makeSnippet(
        searchTextOf(document.title, row.body as Buffer | string | null).body,
        [...keywords.terms, ...[...corrections.values()].flat().map((stem) => [stem])],
        document.title,
      ),
      score: Number(row.score),
    };
  });
  const last = page[page.length - 1]!;
  return {
    hits,
    ...(rows.length > limit
      ? {
          nextCursor: formatSearchCursor({ score: Number(last.score), id: Number(last.id) }, scope),
        }
      : {}),
  };
}
