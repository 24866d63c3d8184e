import { availableDialects, databaseConfig, uniqueTablePrefix } from '@agent-ready/test-support';
import { dropAgentTables, RegenerationEngine } from '..';
import { preparedDocument } from '../../test/fixtures/prepared-documents';
import { createMysqlSearchTerms, indexedWordsOf } from './mysql-search-terms';

describe('the words MySQL and MariaDB index, as the writers list them', () => {
  it('are folded (no case, no accents), distinct, of InnoDB token length, in byte order', () => {
    const words = indexedWordsOf([
      { title: 'Crème Brûlée', body: 'CRÈME, crème; an ox ate 10 eggs at 10:30. Ünïcödé 3.5' },
      { title: 'Zoë', body: `${'a'.repeat(85)} ${'b'.repeat(84)} straße` },
    ]);
    expect(words).toEqual([
      'ate',
      'b'.repeat(84),
      'brulee',
      'creme',
      'eggs',
      'straße',
      'unicode',
      'zoe',
    ]);
  });
});

const onMysql = availableDialects().includes('mysql') ? describe : describe.skip;

onMysql('the list of indexed words on MySQL/MariaDB', () => {
  let engine: RegenerationEngine;
  let prefix: string;

  beforeEach(async () => {
    prefix = uniqueTablePrefix();
    engine = await RegenerationEngine.open({
      database: databaseConfig('mysql'),
      tablePrefix: prefix,
      sitemap: { origin: 'https://example.com' },
      rebuild: { automatic: false, healIntervalMs: 0 },
    });
  });

  afterEach(async () => {
    await dropAgentTables(engine.knex, prefix);
    await engine.close();
  });

  const terms = async () =>
    (
      (await engine.knex(engine.tables.searchTerms).select('term').orderBy('term')) as {
        term: string;
      }[]
    ).map((row) => row.term);

  it('grows with each write, and migration 024 makes the same list from an existing index', async () => {
    await engine.upsert(
      preparedDocument({
        key: '1',
        path: '/d/1/',
        title: 'Sourdough',
        content: 'Our starter is fed twice.',
      }),
    );
    await engine.upsert(
      preparedDocument({
        key: '2',
        path: '/d/2/',
        title: 'Rye bread',
        content: 'A dense, dark loaf.',
      }),
    );
    const written = await terms();
    expect(written).toEqual(expect.arrayContaining(['sourdough', 'starter', 'rye', 'loaf']));
    // As an index written before the list existed: the migration fills it from the entries.
    await engine.knex.schema.dropTable(engine.tables.searchTerms);
    await createMysqlSearchTerms(engine.knex, engine.tables);
    expect(await terms()).toEqual(written);
  });
});
