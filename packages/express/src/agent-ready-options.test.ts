import { OptionsValidationError } from '@agent-ready/core/errors';
import { optionsOf } from '@agent-ready/core/options';
import { agentSiteOptionsSchema } from '@agent-ready/core/serve';
import { SCP_OBJECT_STORAGE_NEEDS_SCP, SILENT_LOGGER } from '@agent-ready/store';
import { agentReadyOptionsSchema, validateAgentReadyOptions } from './agent-ready-options';

const site = { origin: 'https://example.com', name: 'E' };

function problems(input: unknown): string[] {
  try {
    validateAgentReadyOptions(input);
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsValidationError);
    return (error as OptionsValidationError).problems.map((p) => `${p.field}: ${p.message}`);
  }
  return [];
}

describe('validateAgentReadyOptions', () => {
  it('takes every site option and the adapter’s own', () => {
    expect(Object.keys(optionsOf(agentReadyOptionsSchema))).toEqual(
      expect.arrayContaining(Object.keys(optionsOf(agentSiteOptionsSchema))),
    );
    expect(
      problems({
        site,
        database: { client: 'sqlite', filename: ':memory:' },
        tablePrefix: 'site_',
        mode: 'read-only',
        authorize: (_req: unknown, _res: unknown, next: () => void) => next(),
        pageLinks: false,
        rebuild: { debounceMs: 0, automatic: false },
        revalidateAfterMs: 0,
        logger: SILENT_LOGGER,
        scp: { deltaPartPages: 10 },
      }),
    ).toEqual([]);
    expect(problems({ site, logger: false })).toEqual([]);
  });

  it('refuses unknown keys at every level, with a hint when one is close', () => {
    expect(
      problems({
        site,
        tablePrefx: 'x_',
        frobnicate: 1,
        rebuild: { debounce: 10 },
        scp: { deltaPartPage: 10 },
      }),
    ).toEqual([
      'tablePrefx: unknown option; did you mean tablePrefix?',
      expect.stringMatching(/^frobnicate: unknown option \(known: site, database, .*, logger\)$/),
      'scp.deltaPartPage: unknown key; did you mean deltaPartPages?',
      'rebuild.debounce: unknown key; did you mean debounceMs?',
    ]);
  });

  it('checks the adapter’s own options, each under its name', () => {
    expect(
      problems({
        site,
        database: { client: 'oracle' },
        tablePrefix: 'bad-prefix',
        mode: 'writer',
        authorize: 'admin',
        pageLinks: 'yes',
        rebuild: { healIntervalMs: -1 },
        revalidateAfterMs: 0.5,
        logger: true,
      }),
    ).toEqual([
      "database: must be a knex instance or { client: 'sqlite' | 'postgres' | 'mysql', … }",
      'tablePrefix: must be letters, digits and _ (≤ 31)',
      'mode: must be standalone or read-only',
      'authorize: must be Express middleware',
      'pageLinks: must be true or false',
      'rebuild.healIntervalMs: must be an integer of at least 0',
      'revalidateAfterMs: must be an integer of at least 0',
      'logger: must be { info, warn, error } (functions) or false',
    ]);
  });

  it('takes the edge option and checks each of its fields under its name', () => {
    const purger = { type: 'varnish', addresses: ['http://127.0.0.1:6081'], token: 't' };
    expect(
      problems({ site, edge: { purger, sharedMaxAge: 600, tagHeader: 'surrogate-key' } }),
    ).toEqual([]);
    expect(
      problems({
        site,
        edge: {
          purger: { type: 'varnish', addresses: [] },
          sharedMaxAge: -1,
          tagHeader: 'xkey',
          keyPrefix: 'A B',
        },
      }),
    ).toEqual([
      'edge.purger.addresses: name at least one',
      'edge.sharedMaxAge: must be an integer from 1 to 31536000',
      'edge.tagHeader: must be surrogate-key, cache-tag or edge-cache-tag',
      'edge.keyPrefix: must be 1 to 32 of a-z, 0-9 and -',
    ]);
  });

  it('takes the scpObjectStorage option, checks its fields, and refuses it with scp: false', () => {
    const storage = { bucket: 'collections', publicBaseUrl: 'https://cdn.example.com/' };
    expect(problems({ site, scpObjectStorage: storage })).toEqual([]);
    expect(
      problems({ site, scpObjectStorage: { ...storage, bucket: '', prefix: '/scp' } }),
    ).toEqual([
      'scpObjectStorage.bucket: must be the bucket name',
      'scpObjectStorage.prefix: must be a key prefix such as scp/',
    ]);
    expect(problems({ site, scp: false, scpObjectStorage: storage })).toEqual([
      `scpObjectStorage: ${SCP_OBJECT_STORAGE_NEEDS_SCP}`,
    ]);
  });

  it('keeps the rules that span site options', () => {
    expect(
      problems({ site: { ...site, origin: 'http://e.com' }, llmindex: { topics: ['t'] } }),
    ).toEqual([
      'llmindex: needs an https site.origin (llmindex §3: entity.canonical_url is https)',
    ]);
  });
});
