import type { Knex } from 'knex';
import type { CatalogSearchHit, CatalogSearchPage, CatalogSearchRequest } from '@agent-ready/core';
import { CATALOG_DOCUMENT_COLUMNS, catalogDocumentOf } from '../catalog/catalog-document-row';
import type { Dialect } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';
import { makeSnippet, parseSearchQuery, type SearchQuery } from '@agent-ready/core';
import {
  mysqlBooleanExpression,
  postgresWebsearchText,
  sqliteMatchExpression,
} from './parse-search-query';
import {
  formatSearchCursor,
  parseSearchCursor,
  searchCursorScope,
  type SearchPosition,
} from './search-cursor';

/** Results per page when the request names none, and the most a page holds. */
export const DEFAULT_SEARCH_PAGE = 10;
export const MAX_SEARCH_PAGE = 50;

/** Scores are rounded so a cursor's score compares equal to the same row's score next time. */
const SCORE_DECIMALS = 9;

/** A ranked, filtered selection of `id`, `score` and the document columns, per database. */
interface RankedSelect {
  /** Before the outer SELECT (PostgreSQL's CTEs). */
  prefix: string;
  /** `select … from … where …` of the matching published rows. */
  select: string;
  bindings: Knex.RawBinding[];
}

/** The columns a result carries, from the documents table (`d`). */
const documentColumns = CATALOG_DOCUMENT_COLUMNS.map((column) => `d.${column}`).join(', ');

/** The filters every database applies to the document row: published, visible, locale, section. */
function documentFilters(request: CatalogSearchRequest): {
  sql: string;
  bindings: Knex.RawBinding[];
} {
  const parts = ["d.state = 'published'"];
  const bindings: Knex.RawBinding[] = [];
  parts.push(
    request.includeProtected
      ? "d.visibility in ('public', 'protected')"
      : "d.visibility = 'public'",
  );
  if (request.locale !== undefined) {
    parts.push('d.locale = ?');
    bindings.push(request.locale);
  }
  if (request.section !== undefined) {
    parts.push('d.section = ?');
    bindings.push(request.section);
  }
  return { sql: parts.join(' and '), bindings };
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
async function postgresConfigsInUse(knex: Knex, t: TableNames): Promise<string[]> {
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

async function rankedSelect(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
  query: SearchQuery,
  request: CatalogSearchRequest,
): Promise<RankedSelect | undefined> {
  const filters = documentFilters(request);
  if (dialect === 'sqlite') {
    const match = sqliteMatchExpression(query);
    return {
      prefix: '',
      // bm25: lower is better; the title weighs ten times the text.
      select: `select ${documentColumns}, round(-bm25(??, 10.0, 1.0), ${SCORE_DECIMALS}) as score from ?? join ?? as d on d.id = ??.rowid where ?? match ? and ${filters.sql}`,
      bindings: [t.search, t.search, t.documents, t.search, t.search, match, ...filters.bindings],
    };
  }
  if (dialect === 'postgres') {
    const configs = await postgresConfigsInUse(knex, t);
    if (configs.length === 0) return undefined;
    const text = postgresWebsearchText(query);
    // A document matches the query in its own language's configuration. One condition per
    // configuration in use, each with a constant tsquery: the planner answers each from the GIN
    // index (a join on the configurations would scan every vector).
    const matches = configs
      .map(() => '(s.config = ? and s.vector @@ websearch_to_tsquery(?::regconfig, ?))')
      .join(' or ');
    return {
      prefix: '',
      select: `select ${documentColumns}, round(ts_rank(s.vector, websearch_to_tsquery(s.config::regconfig, ?))::numeric, ${SCORE_DECIMALS}) as score from ?? as s join ?? as d on d.id = s.doc_id where (${matches}) and ${filters.sql}`,
      bindings: [
        text,
        t.search,
        t.documents,
        ...configs.flatMap((config) => [config, config, text]),
        ...filters.bindings,
      ],
    };
  }
  const expression = mysqlBooleanExpression(query, await innodbIndexing(knex));
  if (expression === '') return undefined;
  return {
    prefix: '',
    // InnoDB's relevance, the title's ten times (as SQLite weighs it).
    select: `select ${documentColumns}, round(10 * match(s.title) against (? in boolean mode) + match(s.title, s.body) against (? in boolean mode), ${SCORE_DECIMALS}) as score from ?? as s join ?? as d on d.id = s.doc_id where match(s.title, s.body) against (? in boolean mode) and ${filters.sql}`,
    bindings: [expression, expression, t.search, t.documents, expression, ...filters.bindings],
  };
}

function rowsOf(dialect: Dialect, result: unknown): Record<string, unknown>[] {
  if (dialect === 'postgres') return (result as { rows: Record<string, unknown>[] }).rows;
  if (dialect === 'mysql') return (result as [Record<string, unknown>[]])[0];
  return result as Record<string, unknown>[];
}

/**
 * Searches the published documents in the search index: ranked (PostgreSQL's `ts_rank` in the
 * document's language, SQLite's BM25 with the title weighted, InnoDB's relevance), filtered by
 * locale and section, a page at a time from a cursor. Every result is a row published when the
 * page was read, and again when its snippet was (a result unpublished in between is left out).
 */
export async function searchDocuments(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
  request: CatalogSearchRequest,
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
    request.locale ?? null,
    request.section ?? null,
    request.includeProtected === true,
  ]);
  const after: SearchPosition | undefined =
    request.cursor !== undefined ? parseSearchCursor(request.cursor, scope) : undefined;
  if (query.terms.length === 0) return { hits: [] };
  const ranked = await rankedSelect(knex, t, dialect, query, request);
  if (!ranked) return { hits: [] };
  const keyset = after ? 'where (r.score < ? or (r.score = ? and r.id > ?))' : '';
  const result = await knex.raw(
    `${ranked.prefix}select * from (${ranked.select}) as r ${keyset} order by r.score desc, r.id asc limit ?`,
    [...ranked.bindings, ...(after ? [after.score, after.score, after.id] : []), limit + 1],
  );
  const rows = rowsOf(dialect, result);
  const page = rows.slice(0, limit);
  if (page.length === 0) return { hits: [] };
  const texts = await readSearchTexts(
    knex,
    t,
    dialect,
    page.map((row) => Number(row.id)),
  );
  const hits: CatalogSearchHit[] = [];
  for (const row of page) {
    const text = texts.get(Number(row.id));
    if (text === undefined) continue;
    const document = catalogDocumentOf(row);
    hits.push({
      ...document,
      snippet: makeSnippet(text, query.terms, document.title),
      score: Number(row.score),
    });
  }
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

/** The indexed text of these rows, those still published only. */
async function readSearchTexts(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const key = dialect === 'sqlite' ? 'rowid' : 'doc_id';
  const rows: { id: unknown; body: unknown }[] = await knex(`${t.search} as s`)
    .join(`${t.documents} as d`, 'd.id', `s.${key}`)
    .whereIn(`s.${key}`, ids)
    .andWhere('d.state', 'published')
    .select('d.id', 's.body');
  return new Map(rows.map((row) => [Number(row.id), String(row.body ?? '')]));
}
