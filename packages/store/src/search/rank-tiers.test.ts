import fc from 'fast-check';
import { describeEachDatabase, propertyRuns } from '@agent-ready/test-support';
import type { RegenerationEngine } from '..';
import { engineForEachTest } from '../../test/fixtures/engine-for-each-test';
import { preparedDocument } from '../../test/fixtures/prepared-documents';
import { MAX_TIER_COMBINATIONS, rankedTiers } from './rank-tiers';
import { searchDocuments } from './search-documents';

describe('rankedTiers', () => {
  it('goes down from the cursor tier, writing combinations while they stay few', () => {
    expect([...rankedTiers('sqlite', 3, undefined)]).toEqual([
      { held: 3 },
      { held: 2 },
      { held: 1 },
    ]);
    expect([...rankedTiers('postgres', 4, 2.25)]).toEqual([{ held: 2 }, { held: 1 }]);
    // InnoDB's boolean mode writes only "all of them": the rest is one tier.
    expect([...rankedTiers('mysql', 4, undefined)]).toEqual([{ held: 4 }, { below: 4 }]);
    // C(10, 5) + C(10, 6) is over the bound: the tiers below are ranked together.
    expect(MAX_TIER_COMBINATIONS).toBeLessThan(252 + 210);
    const ten = [...rankedTiers('sqlite', 10, undefined)];
    expect(ten[0]).toEqual({ held: 10 });
    expect(ten[ten.length - 1]).toEqual({ below: 8 });
  });
});

/**
 * The tiers are a shortcut (rank-tiers.ts): ranked one at a time, every page through a cursor
 * must equal the one-pass ranking of every match, on every database: the same documents, in the
 * same order, with the same scores.
 */
describeEachDatabase('search ranked by tiers', (dialect) => {
  let engine: RegenerationEngine;
  engineForEachTest(dialect, (opened) => (engine = opened), {
    sitemap: { origin: 'https://example.com' },
  });

  // Ten words: a query of eight or more has tiers too many combinations to write, ranked
  // together (rank-tiers.ts), so both kinds of tier are compared.
  const WORDS = [
    'heron',
    'kettle',
    'copper',
    'lantern',
    'meadow',
    'pebble',
    'walnut',
    'zephyr',
    'quartz',
    'saffron',
  ];
  const wordsOf = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 16 });

  async function pagesOf(
    query: string,
    limit: number,
    locales: string[] | undefined,
    onePass: boolean,
  ) {
    const seen: { url: string; score: number }[] = [];
    let cursor: string | undefined;
    do {
      const page = await searchDocuments(
        engine.knex,
        engine.tables,
        engine.dialect,
        { query, limit, ...(locales ? { locales } : {}), ...(cursor ? { cursor } : {}) },
        { onePass },
      );
      seen.push(...page.hits.map((hit) => ({ url: hit.cUrl, score: hit.score })));
      cursor = page.nextCursor;
    } while (cursor !== undefined && seen.length < 200);
    return seen;
  }

  it('pages through every document holding some terms as the one-pass ranking does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ title: wordsOf, body: wordsOf, fr: fc.boolean() }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.array(fc.constantFrom(...WORDS, 'absent'), { minLength: 1, maxLength: 11 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        async (documents, queryWords, limit, french) => {
          await engine.reconcile(
            documents.map((document, i) =>
              preparedDocument({
                key: `doc-${i}`,
                path: `/d/${i}/`,
                locale: document.fr ? 'fr' : 'en',
                title: `Entry ${document.title.join(' ')}`,
                content: `${document.body.join(' ')} text`,
              }),
            ),
            { total: documents.length },
          );
          const query = queryWords.join(' ');
          const locales = french ? ['fr'] : undefined;
          const tiered = await pagesOf(query, limit, locales, false);
          expect(tiered).toEqual(await pagesOf(query, limit, locales, true));
          // Each document holding a term once, none holding none.
          const holding = documents.filter(
            (document) =>
              (!french || document.fr) &&
              [...document.title, ...document.body].some((word) => queryWords.includes(word)),
          );
          expect(new Set(tiered.map((hit) => hit.url)).size).toBe(tiered.length);
          expect(tiered).toHaveLength(holding.length);
        },
      ),
      {
        ...propertyRuns(dialect === 'sqlite' ? 40 : 15, { costly: true }),
        // Nine words: exact tiers down to six held, then the rest ranked together.
        examples: [
          [
            Array.from({ length: 12 }, (_, i) => ({
              title: WORDS.slice(i % 5, (i % 5) + (i % 4)),
              body: WORDS.filter((_, w) => (w * 7 + i) % 3 !== 0),
              fr: i % 5 === 0,
            })),
            WORDS.slice(0, 9),
            2,
            false,
          ],
        ],
      },
    );
  });
});
