import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import { dropAgentTables, RegenerationEngine } from '..';
import { preparedDocument, type FixtureDocument } from '../../test/fixtures/prepared-documents';

/**
 * Full-text search over the published documents, on every database: the index is written with
 * the rows, ranked, filtered, paged by cursor, and never names what the rows do not publish.
 */
describeEachDatabase('search', (dialect) => {
  let engine: RegenerationEngine;
  let prefix: string;
  let database: ReturnType<typeof databaseConfig>;

  beforeEach(async () => {
    prefix = uniqueTablePrefix();
    database = databaseConfig(dialect);
    engine = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      sitemap: { origin: 'https://example.com' },
      rebuild: { automatic: false, healIntervalMs: 0 },
    });
  });

  afterEach(async () => {
    if (dialect !== 'sqlite') await dropAgentTables(engine.knex, prefix);
    await engine.close();
  });

  const doc = (n: number, title: string, content: string, extra: Partial<FixtureDocument> = {}) =>
    preparedDocument({ key: `doc-${n}`, path: `/d/${n}/`, title, content, ...extra });

  const urls = (page: { hits: { cUrl: string }[] }) => page.hits.map((hit) => hit.cUrl);

  it('finds published documents by their words, the title ranked above the text', async () => {
    await engine.upsert(
      doc(1, 'Gardening notes', 'How to water tomatoes in summer. Tomatoes need sun.'),
    );
    await engine.upsert(doc(2, 'Tomatoes', 'A short note on a red fruit.'));
    await engine.upsert(doc(3, 'Bicycles', 'Chains, gears and brakes.'));
    const page = await engine.reader.searchDocuments({ query: 'tomatoes' });
    expect(new Set(urls(page))).toEqual(
      new Set(['https://example.com/d/1/', 'https://example.com/d/2/']),
    );
    // The document with the word in its title first.
    expect(page.hits[0]!.cUrl).toBe('https://example.com/d/2/');
    expect(page.hits[0]!).toMatchObject({
      title: 'Tomatoes',
      mUrl: 'https://example.com/d/2/llm.json',
      locale: '',
      visibility: 'public',
    });
    expect(page.hits[0]!.hash).toMatch(/^sha256-/);
    expect(page.nextCursor).toBeUndefined();
    // Any word matches, the document with every word first; a phrase in quotes in its order.
    expect(urls(await engine.reader.searchDocuments({ query: 'tomatoes summer' }))).toEqual([
      'https://example.com/d/1/',
      'https://example.com/d/2/',
    ]);
    expect(urls(await engine.reader.searchDocuments({ query: '"red fruit"' }))).toEqual([
      'https://example.com/d/2/',
    ]);
    expect(urls(await engine.reader.searchDocuments({ query: '"fruit red"' }))).toEqual([]);
  });

  it('answers a question: stop words dropped, any word matches, the most words first', async () => {
    await engine.upsert(
      doc(
        1,
        'LD-50 rangefinder',
        'The LD-50 is a laser sensor: it measures the distance to a wall.',
      ),
    );
    await engine.upsert(doc(2, 'Ultrasonic sensor', 'The sensor measures distance with sound.'));
    await engine.upsert(doc(3, 'Thermal camera', 'It measures temperature without contact.'));
    await engine.upsert(doc(4, 'Which one?', 'Which is which: a page of its own.'));
    const page = await engine.reader.searchDocuments({
      query: 'Which sensor uses a laser to measure distance?',
    });
    expect(urls(page).slice(0, 2).sort()).toEqual([
      'https://example.com/d/1/',
      'https://example.com/d/2/',
    ]);
    // `which` is a stop word: the page made of it is not a match.
    expect(urls(page)).not.toContain('https://example.com/d/4/');
    expect(page.hits[0]!.snippet).toContain('laser');
  });

  it('pages from the documents holding every term into those holding some, each once', async () => {
    for (let n = 1; n <= 7; n++)
      await engine.upsert(
        doc(n, `Note ${n}`, n <= 3 ? 'copper kettle' : n % 2 ? 'copper' : 'kettle'),
      );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await engine.reader.searchDocuments({
        query: 'copper kettle ',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...urls(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 3).sort()).toEqual([1, 2, 3].map((n) => `https://example.com/d/${n}/`));
  });

  it('matches the last word as a prefix while it is being typed', async () => {
    await engine.upsert(doc(1, 'Rangefinder', 'It measures the distance to a wall.'));
    expect(urls(await engine.reader.searchDocuments({ query: 'wall dista' }))).toEqual([
      'https://example.com/d/1/',
    ]);
    expect(urls(await engine.reader.searchDocuments({ query: 'dista wall' }))).toEqual([
      'https://example.com/d/1/',
    ]);
    expect(urls(await engine.reader.searchDocuments({ query: 'dista ' }))).toEqual(
      // InnoDB matches every word as a prefix too (it does not stem).
      dialect === 'mysql' ? ['https://example.com/d/1/'] : [],
    );
  });

  it("finds the word a one-letter typo meant, from the index's own words", async () => {
    await engine.upsert(doc(1, 'Soldering station', 'Temperature-controlled soldering iron.'));
    await engine.upsert(doc(2, 'Sourdough', 'Our starter is fed twice a day.'));
    const typo = await engine.reader.searchDocuments({ query: 'soldring station' });
    expect(urls(typo)).toEqual(['https://example.com/d/1/']);
    const misspelt = await engine.reader.searchDocuments({ query: 'sourdogh' });
    expect(urls(misspelt)).toEqual(['https://example.com/d/2/']);
    // A word far from every indexed one corrects to nothing; a short one is never corrected.
    expect(urls(await engine.reader.searchDocuments({ query: 'xylophone' }))).toEqual([]);
    expect(urls(await engine.reader.searchDocuments({ query: 'dya ' }))).toEqual([]);
  });

  it('gives a snippet around the match, without the title', async () => {
    const filler = 'Lorem ipsum dolor sit amet. '.repeat(30);
    await engine.upsert(doc(1, 'Long read', `${filler}The hidden treasure lies here. ${filler}`));
    const [hit] = (await engine.reader.searchDocuments({ query: 'treasure' })).hits;
    expect(hit!.snippet).toContain('The hidden treasure lies here.');
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet.length).toBeLessThanOrEqual(245);
    expect(hit!.snippet).not.toContain('Long read');
  });

  it('never names an unpublished, deleted or (unless asked) protected document', async () => {
    await engine.upsert(doc(1, 'Alpha one', 'shared word zebra'));
    await engine.upsert(doc(2, 'Alpha two', 'shared word zebra'));
    await engine.upsert(doc(3, 'Alpha three', 'shared word zebra'));
    await engine.upsert(doc(4, 'Alpha four', 'shared word zebra', { visibility: 'protected' }));
    await engine.remove('doc-1', '', 'unpublished');
    await engine.remove('doc-2', '', 'deleted');
    expect(urls(await engine.reader.searchDocuments({ query: 'zebra' }))).toEqual([
      'https://example.com/d/3/',
    ]);
    expect(
      new Set(
        urls(await engine.reader.searchDocuments({ query: 'zebra', includeProtected: true })),
      ),
    ).toEqual(new Set(['https://example.com/d/3/', 'https://example.com/d/4/']));
    // Visibility follows every write (PostgreSQL's index holds its own copy).
    await engine.upsert(doc(4, 'Alpha four', 'shared word zebra'));
    await engine.upsert(doc(3, 'Alpha three', 'shared word zebra', { visibility: 'protected' }));
    expect(urls(await engine.reader.searchDocuments({ query: 'zebra' }))).toEqual([
      'https://example.com/d/4/',
    ]);
    // Published again: found again, with its new words only.
    await engine.upsert(doc(1, 'Alpha one', 'shared word okapi'));
    expect(urls(await engine.reader.searchDocuments({ query: 'okapi' }))).toEqual([
      'https://example.com/d/1/',
    ]);
    expect(urls(await engine.reader.searchDocuments({ query: 'zebra' }))).toEqual([
      'https://example.com/d/4/',
    ]);
  });

  it('filters by locale and section, and pages by cursor through every result once', async () => {
    const docs = Array.from({ length: 23 }, (_, i) =>
      preparedDocument({
        key: `doc-${i}`,
        locale: i % 2 === 0 ? 'en' : 'fr',
        path: `/d/${i}/`,
        title: `Entry ${i}`,
        content: `common keyword ${'keyword '.repeat(i % 4)}text`,
        section: i % 3 === 0 ? 'faq' : 'blog',
      }),
    );
    await engine.upsertMany(docs);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await engine.reader.searchDocuments({
        query: 'keyword',
        limit: 5,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.hits.length).toBeLessThanOrEqual(5);
      seen.push(...urls(page));
      // Ranked: scores never rise within a page.
      const scores = page.hits.map((hit) => hit.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    const fr = await engine.reader.searchDocuments({
      query: 'keyword',
      locales: ['fr'],
      limit: 50,
    });
    expect(fr.hits).toHaveLength(11);
    expect(fr.hits.every((hit) => hit.locale === 'fr')).toBe(true);
    const faqEn = await engine.reader.searchDocuments({
      query: 'keyword',
      locales: ['en'],
      section: 'faq',
      limit: 50,
    });
    expect(new Set(faqEn.hits.map((hit) => hit.section))).toEqual(new Set(['faq']));
    expect(faqEn.hits).toHaveLength(docs.filter((d, i) => i % 2 === 0 && i % 3 === 0).length);
    // Several locales at once (an agent's `en` standing for `en` and the unlabelled documents).
    const both = await engine.reader.searchDocuments({
      query: 'keyword',
      locales: ['en', 'fr'],
      limit: 50,
    });
    expect(both.hits).toHaveLength(23);
    expect(await engine.reader.searchDocuments({ query: 'keyword', locales: [] })).toEqual({
      hits: [],
    });
    // The values the filters can take, as the search tool lists them; a new one once written.
    expect(await engine.reader.listFacets()).toEqual({
      locales: ['en', 'fr'],
      sections: ['blog', 'faq'],
    });
    await engine.upsert(
      preparedDocument({
        key: 'policy',
        locale: '',
        path: '/policy/',
        title: 'Policy',
        content: 'keyword',
        section: 'policies',
      }),
    );
    expect(await engine.reader.listFacets()).toEqual({
      locales: ['', 'en', 'fr'],
      sections: ['blog', 'faq', 'policies'],
    });
  });

  it('pages through a rare section ranked below many others, every result once', async () => {
    // 40 better matches (the word in their titles) outside the section asked for, 3 inside: a
    // page of 2 sees none of the 3 among the first candidates ranked from the index alone.
    await engine.upsertMany([
      ...Array.from({ length: 40 }, (_, i) =>
        preparedDocument({
          key: `blog-${i}`,
          path: `/blog/${i}/`,
          title: `Heron ${i}`,
          content: 'heron',
          section: 'blog',
        }),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        preparedDocument({
          key: `faq-${i}`,
          path: `/faq/${i}/`,
          title: `Question ${i}`,
          content: `about the heron ${'and more '.repeat(i)}`,
          section: 'faq',
        }),
      ),
    ]);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await engine.reader.searchDocuments({
        query: 'heron',
        section: 'faq',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...urls(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([0, 1, 2].map((i) => `https://example.com/faq/${i}/`));
  });

  it('refuses a cursor it did not give out, or one of another query', async () => {
    await engine.upsertMany(
      Array.from({ length: 3 }, (_, i) => doc(i, `Entry ${i}`, 'common keyword')),
    );
    const first = await engine.reader.searchDocuments({ query: 'keyword', limit: 1 });
    expect(first.nextCursor).toBeDefined();
    await expect(
      engine.reader.searchDocuments({ query: 'common', limit: 1, cursor: first.nextCursor! }),
    ).rejects.toMatchObject({ code: 'search.cursor' });
    await expect(
      engine.reader.searchDocuments({ query: 'keyword', cursor: 'not a cursor!' }),
    ).rejects.toMatchObject({ code: 'search.cursor' });
  });

  it('takes any text as a query: operators and punctuation are never syntax', async () => {
    await engine.upsert(doc(1, 'Operators', 'plus minus star quote colon near'));
    for (const query of [
      'plus AND minus OR NOT star',
      'plus -minus +star',
      '"unclosed quote plus',
      'title:plus',
      'plus* (minus) ~star <quote> @colon',
      'NEAR(plus minus)',
      "'; drop table x; --",
      '',
      '   ',
      '!!!',
      '\u0000plus',
    ]) {
      const page = await engine.reader.searchDocuments({ query });
      expect(page.hits.length).toBeLessThanOrEqual(1);
    }
    expect(urls(await engine.reader.searchDocuments({ query: 'plus -minus +star' }))).toEqual([
      'https://example.com/d/1/',
    ]);
    await expect(engine.reader.searchDocuments({ query: 'x'.repeat(1001) })).rejects.toMatchObject({
      code: 'search.query',
    });
  });

  it('fills the index from the stored rows when a writer did not maintain it', async () => {
    await engine.close();
    engine = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      search: false,
      rebuild: { automatic: false, healIntervalMs: 0 },
    });
    await engine.upsert(doc(1, 'Quiet', 'unindexed marmot'));
    expect(urls(await engine.reader.searchDocuments({ query: 'marmot' }))).toEqual([]);
    await engine.close();
    engine = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      rebuild: { automatic: false, healIntervalMs: 0 },
    });
    await engine.whenIdle();
    expect(urls(await engine.reader.searchDocuments({ query: 'marmot' }))).toEqual([
      'https://example.com/d/1/',
    ]);
  });

  if (dialect === 'sqlite') {
    it('merges FTS5 segments 16 at a time (migration 021)', async () => {
      const row = (await engine
        .knex(`${prefix}search_config`)
        .where({ k: 'automerge' })
        .first('v')) as { v: unknown } | undefined;
      expect(Number(row?.v)).toBe(16);
    });
  }

  if (dialect === 'postgres') {
    it("stems in each document's own language", async () => {
      await engine.upsert(doc(1, 'Running', 'She runs every morning', { language: 'en' }));
      await engine.upsert(
        doc(2, 'Chevaux', 'Les chevaux courent dans les prés', { language: 'fr-FR' }),
      );
      await engine.upsert(doc(3, 'Unbekannt', 'runs', { language: 'xx' }));
      // (A space after it: a last word being typed would match `runs` as a prefix.)
      expect(new Set(urls(await engine.reader.searchDocuments({ query: 'run ' })))).toEqual(
        new Set(['https://example.com/d/1/']),
      );
      expect(urls(await engine.reader.searchDocuments({ query: 'cheval' }))).toEqual([
        'https://example.com/d/2/',
      ]);
      const configs = await engine.knex(`${prefix}search`).orderBy('doc_id').pluck('config');
      expect(configs).toEqual(['english', 'french', 'simple']);
    });

    it('copies the filters of a store written before migration 020 into its index', async () => {
      await engine.upsert(doc(1, 'Kept', 'tapir', { locale: 'fr', section: 'notes' }));
      await engine.upsert(doc(2, 'Kept', 'tapir', { visibility: 'protected' }));
      // The store as migration 019 left it: search rows without the filter columns.
      await engine.knex.schema.alterTable(`${prefix}search`, (table) =>
        table.dropColumns('visibility', 'locale', 'section'),
      );
      await engine
        .knex(`${prefix}migrations`)
        .where({ name: '020-search-filters-in-index' })
        .delete();
      await engine.close();
      engine = await RegenerationEngine.open({
        database,
        tablePrefix: prefix,
        rebuild: { automatic: false, healIntervalMs: 0 },
      });
      expect(
        urls(await engine.reader.searchDocuments({ query: 'tapir', locales: ['fr'] })),
      ).toEqual(['https://example.com/d/1/']);
      expect(
        urls(await engine.reader.searchDocuments({ query: 'tapir', section: 'notes' })),
      ).toEqual(['https://example.com/d/1/']);
      expect(
        new Set(
          urls(await engine.reader.searchDocuments({ query: 'tapir', includeProtected: true })),
        ),
      ).toEqual(new Set(['https://example.com/d/1/', 'https://example.com/d/2/']));
    });
  }
});
