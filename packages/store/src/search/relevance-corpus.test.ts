import {
  JUDGED_QUERIES,
  RELEVANCE_DOCUMENTS,
  type JudgedQueryKind,
  type RelevanceDocument,
} from '@agent-ready/test-support';

/**
 * The judged relevance set (test-support's relevance-corpus) is sound data: its documents are
 * pages of the size and shape a site publishes, and every query has an answer that a lexical
 * engine can find: a word of it (or, for a typo, the word it misspells) is in the answer's text.
 */

const SITES = ['shop', 'bakery', 'docs', 'library'] as const;

const MINIMUM_PER_KIND: Record<JudgedQueryKind, number> = {
  question: 36,
  keywords: 22,
  typo: 12,
  locale: 12,
};

/** Words a query may hold that need not be in its answer (English, German, French). */
const STOP_WORDS = new Set(
  [
    // English
    'a an and any are as at be by can could did do does doing for from has have how i if in is',
    'it its me my no not of on or our should so that the their them there they this to was we',
    'what when where whether which who why will with would you your',
    // German
    'auf aus bei das dem den der des die du ein eine einen einer es für ich ihr im in ist kann',
    'mein meine mit nach nicht noch oder sich sie und von was welche welches wie wo zu',
    // French
    'à au aux avec ce ces combien comment d de des du elle en est et il je l la le les ma mes',
    'mon ne nos notre ou où par pas pour quel quelle quels qui sont sur un une vos votre',
  ]
    .join(' ')
    .split(' '),
);

/** Lower-cased words of a text: runs of letters and digits. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words of a page as a reader counts them: whitespace-separated tokens with a letter or digit. */
function wordCount(content: string): number {
  return content.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment): insertions, deletions,
 * substitutions and transpositions of adjacent characters, by code point.
 */
function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/** Characters two words share at their start. */
function commonPrefixLength(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

const byKey = new Map<string, RelevanceDocument>(RELEVANCE_DOCUMENTS.map((doc) => [doc.key, doc]));

function answerOf(answer: string): RelevanceDocument {
  const doc = byKey.get(answer);
  if (doc === undefined) throw new Error(`no document ${answer}`);
  return doc;
}

const wordsByKey = new Map<string, ReadonlySet<string>>(
  RELEVANCE_DOCUMENTS.map((doc) => [doc.key, new Set(wordsOf(doc.content))]),
);

function answerWords(answer: string): ReadonlySet<string> {
  return wordsByKey.get(answer) ?? new Set();
}

/** The query's one misspelt word, the answer's word it misspells, and what else it holds. */
function typoOf(query: string, answer: string) {
  const words = answerWords(answer);
  const unknown = wordsOf(query).filter((word) => !words.has(word) && !STOP_WORDS.has(word));
  const corrections = unknown.map((word) => ({
    typo: word,
    intended: [...words].filter((candidate) => editDistance(word, candidate) === 1),
  }));
  return { unknown, corrections };
}

describe('relevance corpus', () => {
  describe('documents', () => {
    it('are at least 90, with unique kebab-case keys and unique paths', () => {
      expect(RELEVANCE_DOCUMENTS.length).toBeGreaterThanOrEqual(90);
      const keys = RELEVANCE_DOCUMENTS.map((doc) => doc.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const paths = RELEVANCE_DOCUMENTS.map((doc) => doc.path);
      expect(new Set(paths).size).toBe(paths.length);
      for (const path of paths) expect(path).toMatch(/^\/([a-z0-9-]+\/)+$/);
    });

    it('come from four sites, each well represented', () => {
      for (const doc of RELEVANCE_DOCUMENTS) {
        expect(SITES.some((site) => doc.key.startsWith(`${site}-`))).toBe(true);
      }
      for (const site of SITES) {
        const count = RELEVANCE_DOCUMENTS.filter((doc) => doc.key.startsWith(`${site}-`)).length;
        expect({ site, enough: count >= 15 }).toEqual({ site, enough: true });
      }
    });

    it('are in English, German (at least 14) and French (at least 8)', () => {
      const count = (language: string) =>
        RELEVANCE_DOCUMENTS.filter((doc) => doc.language === language).length;
      expect(count('de')).toBeGreaterThanOrEqual(14);
      expect(count('fr')).toBeGreaterThanOrEqual(8);
      expect(count('en') + count('de') + count('fr')).toBe(RELEVANCE_DOCUMENTS.length);
    });

    it('have 120 to 450 words in paragraphs, with 1 to 3 headings', () => {
      for (const doc of RELEVANCE_DOCUMENTS) {
        const words = wordCount(doc.content);
        const paragraphs = doc.content.split('\n\n');
        const headings = paragraphs.filter((paragraph) => paragraph.startsWith('## '));
        expect({
          key: doc.key,
          wordsInRange: words >= 120 && words <= 450,
          headings: headings.length >= 1 && headings.length <= 3,
          paragraphsWellFormed: paragraphs.every(
            (paragraph) =>
              paragraph.trim() === paragraph && paragraph !== '' && !paragraph.includes('\n'),
          ),
          titled: doc.title.trim() !== '' && doc.section.trim() !== '',
        }).toEqual({
          key: doc.key,
          wordsInRange: true,
          headings: true,
          paragraphsWellFormed: true,
          titled: true,
        });
      }
    });
  });

  describe('judged queries', () => {
    it('are unique, and every answer is a document', () => {
      const queries = JUDGED_QUERIES.map((judged) => judged.query);
      expect(new Set(queries).size).toBe(queries.length);
      for (const judged of JUDGED_QUERIES) expect(byKey.has(judged.answer)).toBe(true);
    });

    it('have at least the minimum of each kind', () => {
      for (const [kind, minimum] of Object.entries(MINIMUM_PER_KIND)) {
        const count = JUDGED_QUERIES.filter((judged) => judged.kind === kind).length;
        expect({ kind, enough: count >= minimum }).toEqual({ kind, enough: true });
      }
    });

    it('filter to the locale of their answer (locale queries) or are English (the others)', () => {
      for (const judged of JUDGED_QUERIES) {
        const language = answerOf(judged.answer).language;
        if (judged.kind === 'locale') {
          expect(['de', 'fr']).toContain(judged.locale);
          expect({ query: judged.query, language }).toEqual({
            query: judged.query,
            language: judged.locale,
          });
        } else {
          expect({ query: judged.query, locale: judged.locale, language }).toEqual({
            query: judged.query,
            locale: undefined,
            language: 'en',
          });
        }
      }
      for (const locale of ['de', 'fr']) {
        expect(JUDGED_QUERIES.some((judged) => judged.locale === locale)).toBe(true);
      }
    });

    it('as keywords are 2 to 4 words; as questions do not quote a title of several words', () => {
      const keywords = JUDGED_QUERIES.filter((judged) => judged.kind === 'keywords');
      const wordy = keywords.filter((judged) => {
        const words = judged.query.split(/\s+/).length;
        return words < 2 || words > 4;
      });
      expect(wordy).toEqual([]);
      const quoting = JUDGED_QUERIES.filter((judged) => {
        const title = answerOf(judged.answer).title.toLowerCase();
        return (
          judged.kind === 'question' &&
          title.includes(' ') &&
          judged.query.toLowerCase().includes(title)
        );
      });
      expect(quoting).toEqual([]);
    });

    it('share a word (its first 5 letters) with their answer, typos aside', () => {
      for (const judged of JUDGED_QUERIES) {
        if (judged.kind === 'typo') continue;
        const prefixes = new Set([...answerWords(judged.answer)].map((word) => word.slice(0, 5)));
        const shared = wordsOf(judged.query).filter(
          (word) => word.length >= 4 && !STOP_WORDS.has(word) && prefixes.has(word.slice(0, 5)),
        );
        expect({ query: judged.query, shares: shared.length > 0 }).toEqual({
          query: judged.query,
          shares: true,
        });
      }
    });

    it('as typos misspell exactly one word of their answer, by one edit', () => {
      for (const judged of JUDGED_QUERIES.filter((q) => q.kind === 'typo')) {
        const { unknown, corrections } = typoOf(judged.query, judged.answer);
        expect({
          query: judged.query,
          wordsNotInAnswer: unknown.length,
          oneEditFromAnAnswerWord: corrections.every((c) => c.intended.length > 0),
        }).toEqual({ query: judged.query, wordsNotInAnswer: 1, oneEditFromAnAnswerWord: true });
      }
    });

    it('as typos are misspelt at varied positions, rarely in the first two letters', () => {
      const positions = JUDGED_QUERIES.filter((q) => q.kind === 'typo').map((judged) => {
        const [correction] = typoOf(judged.query, judged.answer).corrections;
        const intended = correction?.intended[0] ?? '';
        return commonPrefixLength(correction?.typo ?? '', intended);
      });
      expect(positions.filter((position) => position < 2).length).toBeLessThanOrEqual(2);
      expect(new Set(positions).size).toBeGreaterThanOrEqual(4);
    });
  });
});
