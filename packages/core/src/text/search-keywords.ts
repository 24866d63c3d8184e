import * as stopwords from 'stopword';
import type { SearchQuery } from './parse-search-query';

/**
 * `stopword`'s lists by BCP 47 primary language subtag (its keys are ISO 639-3): the languages
 * the databases stem (PostgreSQL's Snowball configurations), where a list exists.
 */
const LIST_BY_LANGUAGE: Readonly<Record<string, string>> = {
  ar: 'ara',
  hy: 'hye',
  eu: 'eus',
  ca: 'cat',
  da: 'dan',
  nl: 'nld',
  en: 'eng',
  fi: 'fin',
  fr: 'fra',
  de: 'deu',
  el: 'ell',
  hi: 'hin',
  hu: 'hun',
  id: 'ind',
  ga: 'gle',
  it: 'ita',
  lt: 'lit',
  no: 'nob',
  nb: 'nob',
  pt: 'por',
  ro: 'ron',
  ru: 'rus',
  es: 'spa',
  sv: 'swe',
  tr: 'tur',
  pl: 'pol',
  cs: 'ces',
  uk: 'ukr',
};

const setsByList = new Map<string, ReadonlySet<string>>();

function stopWordsOf(language: string): ReadonlySet<string> | undefined {
  const list = LIST_BY_LANGUAGE[language.split(/[-_]/, 1)[0]!.toLowerCase()];
  if (list === undefined) return undefined;
  let set = setsByList.get(list);
  if (!set) {
    set = new Set(
      ((stopwords as Record<string, readonly string[] | undefined>)[list] ?? []).map((word) =>
        word.toLowerCase(),
      ),
    );
    setsByList.set(list, set);
  }
  return set;
}

/**
 * The query as a search matches it: the query's, less the single words that are stop words in
 * any of `languages` (English always: agents ask in English whatever the site's language).
 * "Which sensor uses a laser?" matches on `sensor`, `uses`, `laser`: with any term enough to
 * match (the databases rank by how many and how rare), a `which` or `a` would match nearly
 * every document. Phrases keep their words (they match in order, stop words included); a query
 * of stop words alone ("The Who") keeps them all.
 */
export function searchKeywords(query: SearchQuery, languages: readonly string[] = []): SearchQuery {
  const lists = ['en', ...languages]
    .map(stopWordsOf)
    .filter((list): list is ReadonlySet<string> => list !== undefined);
  const isStopWord = (word: string) => {
    const lower = word.toLowerCase();
    return lists.some((list) => list.has(lower));
  };
  const kept = query.terms.filter((words) => words.length > 1 || !isStopWord(words[0]!));
  if (kept.length === 0) return query;
  // A last word dropped as a stop word ("how to") is no prefix of the word before it.
  const prefixLast =
    query.prefixLast && kept[kept.length - 1] === query.terms[query.terms.length - 1];
  return { terms: kept, prefixLast };
}
