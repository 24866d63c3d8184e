import { parseSearchQuery, type CatalogSearchPage } from '@agent-ready/core';
import { matchCatalogLocales } from '@agent-ready/core/serve';
import type { DatabaseOption, RegenerationEngine } from '@agent-ready/store';
import {
  availableDialects,
  databaseConfig,
  JUDGED_QUERIES,
  probeDatabases,
  RELEVANCE_DOCUMENTS,
  type JudgedQuery,
  type JudgedQueryKind,
} from '@agent-ready/test-support';
import { figure, type BenchFigure, type BenchScenario } from '../measurement';
import { BENCH_ORIGIN, preparedBenchDocument, withBenchEngine } from './bench-documents';

/**
 * Issue 45's relevance goals: the judged query set of test-support (questions as people ask
 * them, keyword queries, one-letter typos, queries in another locale, each with its one right
 * document) searched as the MCP `search` tool searches (the store's reader, the locale filter
 * matched as the tool matches it), on every database. Per kind: the mean reciprocal rank of the
 * right document in the top 10, recall at 5 and the share of empty answers; each beside the
 * same queries run the way search ran before issue 45 (every word required, the database's own
 * relevance, no stop words dropped, no prefix, no typo correction), straight on the index.
 */

const SITE_LANGUAGE = 'en';
const TOP = 10;

interface Judged {
  /** 1-based rank of the right document in the top 10, or 0. */
  rank: number;
  empty: boolean;
}

const urlOf = (key: string) =>
  `${BENCH_ORIGIN}${RELEVANCE_DOCUMENTS.find((doc) => doc.key === key)!.path}`;

function localesOf(query: JudgedQuery, available: readonly string[]): string[] | undefined {
  return query.locale === undefined
    ? undefined
    : matchCatalogLocales(query.locale, available, SITE_LANGUAGE);
}

/** The old way, on the index: every word required, ranked by the database alone. */
async function searchAllWords(
  engine: RegenerationEngine,
  query: JudgedQuery,
  locales: string[] | undefined,
): Promise<string[]> {
  const { knex, tables: t } = engine;
  const terms = parseSearchQuery(query.query).terms;
  if (terms.length === 0) return [];
  const localeFilter = locales ? `and d.locale in (${locales.map(() => '?').join(', ')})` : '';
  if (engine.dialect === 'sqlite') {
    const match = terms.map((words) => `"${words.join(' ')}"`).join(' AND ');
    const rows = (await knex.raw(
      `select d.c_url from ?? join ?? as d on d.id = ??.rowid where ?? match ? ${localeFilter} order by bm25(??, 10.0, 1.0) limit ${TOP}`,
      [t.search, t.documents, t.search, t.search, match, ...(locales ?? []), t.search],
    )) as { c_url: string }[];
    return rows.map((row) => row.c_url);
  }
  if (engine.dialect === 'postgres') {
    const text = terms.map((words) => `"${words.join(' ')}"`).join(' ');
    const result = (await knex.raw(
      `select d.c_url from ?? as s join ?? as d on d.id = s.doc_id where s.vector @@ websearch_to_tsquery(s.config::regconfig, ?) ${localeFilter} order by ts_rank(s.vector, websearch_to_tsquery(s.config::regconfig, ?)) desc limit ${TOP}`,
      [t.search, t.documents, text, ...(locales ?? []), text],
    )) as { rows: { c_url: string }[] };
    return result.rows.map((row) => row.c_url);
  }
  const expression = terms
    .map((words) => (words.length === 1 ? `+${words[0]}*` : `+"${words.join(' ')}"`))
    .join(' ');
  const [rows] = (await knex.raw(
    `select d.c_url from ?? as s join ?? as d on d.id = s.doc_id where match(s.title, s.body) against (? in boolean mode) ${localeFilter} order by match(s.title, s.body) against (? in boolean mode) desc limit ${TOP}`,
    [t.search, t.documents, expression, ...(locales ?? []), expression],
  )) as [{ c_url: string }[]];
  return rows.map((row) => row.c_url);
}

function judge(urls: readonly string[], query: JudgedQuery): Judged {
  const at = urls.indexOf(urlOf(query.answer));
  return { rank: at === -1 || at >= TOP ? 0 : at + 1, empty: urls.length === 0 };
}

const KINDS: readonly JudgedQueryKind[] = ['question', 'keywords', 'typo', 'locale'];

/** The MRR goal per kind (issue 45): none for locale queries, which are reported. */
const MRR_GOAL: Partial<Record<JudgedQueryKind, number>> = {
  question: 0.8,
  keywords: 0.9,
  typo: 0.8,
};

async function relevanceFigures(database: DatabaseOption, dialect: string): Promise<BenchFigure[]> {
  return withBenchEngine(database, async (engine) => {
    await engine.upsertMany(
      RELEVANCE_DOCUMENTS.map((doc) =>
        preparedBenchDocument({
          key: doc.key,
          path: doc.path,
          title: doc.title,
          content: doc.content,
          section: doc.section,
          renderKey: 'bench-relevance-1',
          language: doc.language,
          // As a CMS with locales keeps them: the site's language unlabelled, others labelled.
          locale: doc.language === SITE_LANGUAGE ? '' : doc.language,
        }),
      ),
    );
    const available = [...new Set(RELEVANCE_DOCUMENTS.map((doc) => doc.language))].map((l) =>
      l === SITE_LANGUAGE ? '' : l,
    );
    const now: Record<string, Judged[]> = {};
    const before: Record<string, Judged[]> = {};
    const misses: string[] = [];
    for (const query of JUDGED_QUERIES) {
      const locales = localesOf(query, available);
      const page: CatalogSearchPage = await engine.reader.searchDocuments({
        query: query.query,
        limit: TOP,
        ...(locales ? { locales } : {}),
      });
      const judged = judge(
        page.hits.map((hit) => hit.cUrl),
        query,
      );
      (now[query.kind] ??= []).push(judged);
      if (judged.rank !== 1) misses.push(`${query.kind} "${query.query}" → ${judged.rank || '-'}`);
      (before[query.kind] ??= []).push(judge(await searchAllWords(engine, query, locales), query));
    }
    if (process.env.AGENT_READY_BENCH_RELEVANCE_MISSES === '1')
      process.stderr.write(`${dialect} misses:\n  ${misses.join('\n  ')}\n`);
    const mrr = (judged: readonly Judged[]) =>
      judged.reduce((sum, j) => sum + (j.rank === 0 ? 0 : 1 / j.rank), 0) / judged.length;
    const share = (judged: readonly Judged[], test: (j: Judged) => boolean) =>
      judged.filter(test).length / judged.length;
    const figures: BenchFigure[] = [];
    for (const kind of KINDS) {
      const judged = now[kind] ?? [];
      const old = before[kind] ?? [];
      if (judged.length === 0) continue;
      const goal = MRR_GOAL[kind];
      figures.push(
        figure({
          id: `mcp.relevance.${dialect}.${kind}`,
          title: `${dialect}: MRR of ${kind} queries (top ${TOP})`,
          unit: 'MRR',
          betterIs: 'higher',
          samples: [mrr(judged)],
          baseline: {
            title: 'the same queries with every word required (search before issue 45)',
            samples: [mrr(old)],
          },
          ...(goal !== undefined ? { budget: goal } : {}),
          notes: `${judged.length} queries; recall@5 ${share(judged, (j) => j.rank > 0 && j.rank <= 5).toFixed(2)} (before ${share(old, (j) => j.rank > 0 && j.rank <= 5).toFixed(2)}); no result for ${share(judged, (j) => j.empty).toFixed(2)} (before ${share(old, (j) => j.empty).toFixed(2)})`,
        }),
      );
    }
    const all = Object.values(now).flat();
    figures.push(
      figure({
        id: `mcp.relevance.${dialect}.zero-results`,
        title: `${dialect}: share of queries with no result`,
        unit: 'share',
        betterIs: 'lower',
        samples: [share(all, (j) => j.empty)],
        baseline: {
          title: 'the same queries with every word required',
          samples: [share(Object.values(before).flat(), (j) => j.empty)],
        },
        budget: 0.05,
        notes: `${all.length} queries of ${KINDS.length} kinds over ${RELEVANCE_DOCUMENTS.length} documents`,
      }),
    );
    return figures;
  });
}

export const mcpRelevanceScenario: BenchScenario = {
  id: 'mcp.relevance',
  title: 'MCP: search relevance on a judged query set (MRR, recall@5, empty answers)',
  async run() {
    await probeDatabases();
    const figures: BenchFigure[] = [];
    for (const dialect of availableDialects())
      figures.push(...(await relevanceFigures(databaseConfig(dialect) as DatabaseOption, dialect)));
    return figures;
  },
};
