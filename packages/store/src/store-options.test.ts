import knexFactory from 'knex';
import { checkOptions, optionsObject, undocumentedOptions } from '@agent-ready/core/options';
import {
  databaseOption,
  loggerOption,
  rebuildOptionsSchema,
  tablePrefixOption,
} from './store-options';
import { SILENT_LOGGER } from './ground/store-logger';

const schema = optionsObject({
  database: databaseOption.optional(),
  tablePrefix: tablePrefixOption.optional(),
  rebuild: rebuildOptionsSchema.optional(),
  logger: loggerOption.optional(),
});
const problems = (input: unknown) => {
  const checked = checkOptions(schema, input);
  return checked.ok ? [] : checked.problems.map((p) => `${p.field}: ${p.message}`);
};

describe('the store options adapters offer', () => {
  it('accepts a knex instance or a config of one of the three databases', () => {
    const knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    });
    expect(problems({ database: knex })).toEqual([]);
    expect(problems({ database: { client: 'postgres', connection: 'postgres://x' } })).toEqual([]);
    expect(problems({ database: { client: 'oracle' } })).toEqual([
      "database: must be a knex instance or { client: 'sqlite' | 'postgres' | 'mysql', … }",
    ]);
    return knex.destroy();
  });

  it('checks the table prefix by the rule tableNames applies', () => {
    expect(problems({ tablePrefix: 'site_2_' })).toEqual([]);
    expect(problems({ tablePrefix: 'bad-prefix' })).toEqual([
      'tablePrefix: must be letters, digits and _ (≤ 31)',
    ]);
  });

  it('checks rebuild timings and refuses an unknown one with a hint', () => {
    expect(problems({ rebuild: { debounceMs: 0, automatic: false } })).toEqual([]);
    expect(problems({ rebuild: { debounceMs: -1, leaseMs: 0, debounce: 5 } })).toEqual([
      'rebuild.debounce: unknown key; did you mean debounceMs?',
      'rebuild.debounceMs: must be an integer of at least 0',
      'rebuild.leaseMs: must be an integer of at least 1',
    ]);
    expect(undocumentedOptions(rebuildOptionsSchema)).toEqual([]);
  });

  it('wants a logger with the three levels', () => {
    expect(problems({ logger: SILENT_LOGGER })).toEqual([]);
    expect(problems({ logger: console })).toEqual([]);
    expect(problems({ logger: { warn() {} } })).toEqual([
      'logger: must be { info, warn, error } (functions) or false',
    ]);
  });
});
