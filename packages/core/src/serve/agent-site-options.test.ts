import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { OptionsValidationError, ValidationError, type OptionProblem } from '../errors';
import { undocumentedOptions } from '../options/render-options-table';
import { TCT_03, TCT_1 } from '../tct/tct-profile';
import {
  AGENT_SITE_OPTION_KEYS,
  agentSiteOptionsSchema,
  validateAgentSiteOptions,
} from './agent-site-options';
import {
  endpointOptionsFor,
  prepareOptionsFor,
  readServingSettings,
  servingSettingsOf,
  siteTctProfile,
} from './serving-settings';

const site = { origin: 'https://example.com', name: 'X' };

function problemsOf(input: unknown): OptionProblem[] {
  try {
    validateAgentSiteOptions(input);
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsValidationError);
    return [...(error as OptionsValidationError).problems];
  }
  return [];
}
const fieldsOf = (input: unknown) => problemsOf(input).map((p) => `${p.field}: ${p.message}`);

describe('validateAgentSiteOptions', () => {
  it('reports every bad field, each under its name, in the error and in its message', () => {
    let thrown: unknown;
    try {
      validateAgentSiteOptions({
        site: { origin: 'ftp://example.com', name: 'X' },
        llmstxt: {},
        maxDocumentBytes: -1,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OptionsValidationError);
    expect(thrown).toBeInstanceOf(ValidationError);
    const error = thrown as OptionsValidationError;
    expect(error.code).toBe('options.invalid');
    expect(error.problems.map((p) => p.field)).toEqual([
      'llmstxt',
      'site.origin',
      'maxDocumentBytes',
    ]);
    expect(error.problems[0]!.message).toBe('unknown option; did you mean llmsTxt?');
    for (const problem of error.problems) {
      expect(error.message).toContain(`\n  - ${problem.field}: ${problem.message}`);
    }
    expect(error.field).toBe('llmstxt');
    expect(error.toJSON()).toMatchObject({
      problems: error.problems.map(({ field, message }) => ({ field, message })),
    });
  });

  it('refuses text that could not be served as it is, naming the field and the character', () => {
    expect(
      fieldsOf({
        site: {
          origin: 'https://example.com',
          name: '\ud800\u0000\u202e<x>',
          summary: 'a\u202eb',
          details: 'fine\r\nlines\ttoo',
        },
      }),
    ).toEqual([
      'site.name: has an unpaired surrogate (U+D800): not text',
      'site.summary: has a bidirectional control character (U+202E), which reorders how text is shown',
    ]);
  });

  it('normalizes the origin of options that pass', () => {
    expect(
      validateAgentSiteOptions({ site: { origin: 'HTTPS://Example.COM/', name: 'X' } }).site.origin,
    ).toBe('https://example.com');
  });

  it('refuses an unknown key at every level, with the known key it probably meant', () => {
    expect(
      fieldsOf({
        site: { ...site, langauge: 'en' },
        scp: { deltaperiod: 'hourly' },
        llmsTxt: { sections: { titel: {} } },
        policy: { effective: '2025-10-01T00:00:00Z', urls: { contakt: 'https://e.com/c' } },
        llmindex: { topics: ['t'], verify: { method: 'dns_txt', value: 'v', ttl: 3 } },
        metrics: { stats: 'public', flushEveryMs: 100 },
        usage: { trainAI: false },
      }),
    ).toEqual([
      'site.langauge: unknown key; did you mean language?',
      'policy.urls.contakt: unknown key; did you mean contact?',
      'llmsTxt.sections.titel: unknown key; did you mean titles?',
      'llmindex.verify.ttl: unknown key (known: method, value)',
      'scp.deltaperiod: unknown key; did you mean deltaPeriod?',
      'usage.trainAI: is not a usage term; did you mean trainAi?',
      'metrics.flushEveryMs: unknown key (known: enabled, stats, flushIntervalMs)',
    ]);
    expect(fieldsOf({ site, frobnicate: true })).toEqual([
      `frobnicate: unknown option (known: ${AGENT_SITE_OPTION_KEYS.join(', ')})`,
    ]);
  });

  it.each<[string, unknown, string]>([
    ['site', {}, 'site: is required: { origin, name }'],
    ['site', { site: 'https://e.com' }, 'site: is required: { origin, name }'],
    ['site.origin', { site: { name: 'X' } }, 'must be an absolute http(s) URL'],
    ['site.origin', { site: { ...site, origin: 'https://e.com/blog/' } }, 'without a path'],
    ['site.name', { site: { ...site, name: ' ' } }, 'site.name: must be a non-empty string'],
    ['site.language', { site: { ...site, language: 'English' } }, 'must be a BCP 47 tag'],
    ['site.summary', { site: { ...site, summary: 1 } }, 'site.summary: must be a string'],
    ['site.details', { site: { ...site, details: [] } }, 'site.details: must be a string'],
    ['site.overviewPath', { site: { ...site, overviewPath: 'about' } }, 'starting with /'],
    ['mUrl.suffix', { site, mUrl: { suffix: '../x' } }, 'must be one path segment'],
    ['mUrl.suffix', { site, mUrl: { suffix: '..' } }, 'must be one path segment'],
    ['sitemap', { site, sitemap: { maxItemsPerShard: 50_001 } }, 'from 1 to 50,000'],
    ['policy', { site, policy: 'yes' }, 'policy: must be an object or false'],
    ['policy', { site, policy: {} }, 'policy.effective: is required: an RFC 3339 date-time'],
    ['policy', { site, policy: { effective: 'soon' } }, 'policy.effective: is required'],
    ['llmsTxt', { site, llmsTxt: 1 }, 'llmsTxt: must be an object or false'],
    [
      'llmsTxt',
      { site, llmsTxt: { itemsPerPart: 1 } },
      'itemsPerPart: must be an integer of at least 2',
    ],
    ['llmsTxt', { site, llmsTxt: { fullAfterChanges: 0 } }, 'fullAfterChanges: must be a positive'],
    [
      'llmsTxt',
      { site, llmsTxt: { fullIntervalMs: 999 } },
      'fullIntervalMs: must be at least 1000',
    ],
    ['llmsTxt', { site, llmsTxt: { linkTarget: 'html' } }, 'linkTarget: must be markdown or page'],
    ['llmsTxt', { site, llmsTxt: { full: 'yes' } }, 'llmsTxt.full: must be true or false'],
    [
      'llmindex',
      { site: { ...site, origin: 'http://e.com' }, llmindex: { topics: ['a'] } },
      'llmindex: needs an https site.origin',
    ],
    ['llmindex', { site, llmindex: { topics: [] } }, 'llmindex.topics: must be a non-empty list'],
    [
      'llmindex',
      { site, llmindex: { topics: ['a'], verify: { method: 'dns' } } },
      'llmindex.verify.method: must be dns_txt or http_file',
    ],
    [
      'llmindex',
      { site, llmindex: { topics: ['a'], verify: 'x' } },
      'llmindex.verify: must be { method: dns_txt | http_file',
    ],
    [
      'llmindex',
      { site, llmindex: { topics: ['a'], signingKey: { kty: 'RSA' } } },
      'llmindex.signingKey: must be a private Ed25519 JWK',
    ],
    ['scp', { site, scp: [] }, 'scp: must be an object or false'],
    ['scp', { site, scp: { basePath: '/' } }, 'scp.basePath: must be a path such as /scp'],
    ['scp', { site, scp: { deltaPeriod: 'weekly' } }, 'scp.deltaPeriod: must be hourly or daily'],
    [
      'scp',
      { site, scp: { deltaRetention: 1001 } },
      'scp.deltaRetention: must be an integer from 1 to 1000',
    ],
    ['scp', { site, scp: { deltaPartPages: 0 } }, 'scp.deltaPartPages: must be a positive integer'],
    [
      'scp',
      { site, scp: { deltaPartPages: 2.5 } },
      'scp.deltaPartPages: must be a positive integer',
    ],
    [
      'scp',
      { site, scp: { snapshotAfterChanges: 0 } },
      'scp.snapshotAfterChanges: must be a positive',
    ],
    [
      'scp',
      { site, scp: { snapshotIntervalMs: 10 } },
      'scp.snapshotIntervalMs: must be at least 1000',
    ],
    ['usage', { site, usage: 'no' }, 'usage: must be { trainAi?: boolean, search?: boolean }'],
    ['usage', { site, usage: { search: 'y' } }, 'usage.search: must be true or false'],
    [
      'robotsTxt',
      { site, robotsTxt: 'x' },
      'robotsTxt: must be { rules?: string, augment?: boolean } or false',
    ],
    ['robotsTxt', { site, robotsTxt: { augment: 1 } }, 'robotsTxt.augment: must be true or false'],
    [
      'botAuth',
      { site, botAuth: 1 },
      'botAuth: must be { enabled?, gate?, allowHttpDirectories? }',
    ],
    ['botAuth', { site, botAuth: { gate: 'yes' } }, 'botAuth.gate: must be true or false'],
    ['metrics', { site, metrics: true }, 'metrics: must be an object or false'],
    ['metrics', { site, metrics: { enabled: 1 } }, 'metrics.enabled: must be true or false'],
    [
      'metrics',
      { site, metrics: { stats: 'open' } },
      'metrics.stats: must be public, protected or false',
    ],
    [
      'metrics',
      { site, metrics: { flushIntervalMs: 99 } },
      'metrics.flushIntervalMs: must be an integer of at least 100',
    ],
    ['protect', { site, protect: 'some' }, 'protect: must be protected-documents or all'],
    [
      'maxDocumentBytes',
      { site, maxDocumentBytes: 0 },
      'maxDocumentBytes: must be a positive integer',
    ],
  ])('checks %s: %j', (_option, input, expected) => {
    expect(fieldsOf(input).join('\n')).toContain(expected);
  });

  it('accepts every option in its documented shape', () => {
    const options = {
      site: { ...site, language: 'pt-BR', summary: 'S', details: 'D', overviewPath: '/about/' },
      mUrl: { suffix: 'llm/' },
      tct: { profile: 'tct-1' },
      sitemap: { maxItemsPerShard: 50_000 },
      policy: {
        effective: '2025-10-01T00:00:00Z',
        urls: { contact: 'https://example.com/contact/' },
        purposes: { aiTrain: false },
        rateHints: { maxRequestsPerSecond: 2, maxRequestsPerDay: null, note: 'Be nice.' },
      },
      llmsTxt: {
        full: false,
        sections: { order: ['blog'], titles: { blog: 'Blog' } },
        linkTarget: 'page',
        notice: false,
        maxCharacters: 10_000,
        itemsPerPart: 2,
        fullAfterChanges: 1,
        fullIntervalMs: 1000,
      },
      llmindex: {
        topics: ['tents'],
        license: 'CC-BY-4.0',
        verify: { method: 'http_file', value: 'proof' },
        signingKey: { kty: 'OKP', crv: 'Ed25519', d: 'secret', x: 'public', kid: 'k' },
      },
      scp: {
        basePath: '/scp',
        deltaPeriod: 'hourly',
        deltaRetention: 1000,
        deltaPartPages: 1,
        snapshotAfterChanges: 1,
        snapshotIntervalMs: 1000,
      },
      protect: 'all',
      usage: { trainAi: false, search: true },
      botAuth: { enabled: true, gate: true, allowHttpDirectories: false },
      robotsTxt: { rules: 'User-agent: *\n', augment: false },
      metrics: { enabled: true, stats: false, flushIntervalMs: 100 },
      maxDocumentBytes: 1,
    } as const;
    expect(problemsOf(options)).toEqual([]);
    expect(validateAgentSiteOptions(options)).toEqual(options);
    expect(problemsOf({ site, policy: false, llmsTxt: false, scp: false, botAuth: false })).toEqual(
      [],
    );
  });

  it('names the llmindex origin rule beside the other problems, and never a private key', () => {
    const problems = problemsOf({
      site: { origin: 'http://e.com', name: '' },
      llmindex: { topics: ['a'], signingKey: { kty: 'OKP', crv: 'X25519', d: 'SECRET' } },
    });
    expect(problems.map((p) => p.field)).toEqual(['site.name', 'llmindex.signingKey', 'llmindex']);
    expect(JSON.stringify(problems)).not.toContain('SECRET');
  });

  it('takes the TCT profile as a value: tct-1 by default, tct-03 capping a shard at 10,000 items', () => {
    expect(siteTctProfile({})).toBe(TCT_1);
    const options = validateAgentSiteOptions({ site, tct: { profile: 'tct-03' } });
    expect(siteTctProfile(options)).toBe(TCT_03);
    expect(endpointOptionsFor(options).profile).toBe(TCT_03);
    expect(prepareOptionsFor(options).profile).toBe(TCT_03);
    expect(endpointOptionsFor(validateAgentSiteOptions({ site })).profile).toBe(TCT_1);
    expect(fieldsOf({ site, tct: { profile: 'tct-3' } })).toEqual([
      'tct.profile: must be tct-1 or tct-03',
    ]);
    expect(fieldsOf({ site, tct: { profil: 'tct-03' } })).toEqual([
      'tct.profil: unknown key; did you mean profile?',
    ]);
    expect(
      fieldsOf({ site, tct: { profile: 'tct-03' }, sitemap: { maxItemsPerShard: 10_001 } }),
    ).toEqual([
      "sitemap.maxItemsPerShard: must be at most 10,000 under tct.profile 'tct-03' (draft -03's M-Sitemap limit)",
    ]);
    // Named beside the other problems.
    expect(
      fieldsOf({
        site: { ...site, name: '' },
        tct: { profile: 'tct-03' },
        sitemap: { maxItemsPerShard: 20_000 },
      }),
    ).toHaveLength(2);
    expect(
      problemsOf({ site, tct: { profile: 'tct-03' }, sitemap: { maxItemsPerShard: 10_000 } }),
    ).toEqual([]);
    expect(problemsOf({ site, sitemap: { maxItemsPerShard: 50_000 } })).toEqual([]);
  });

  it('refuses what is not an object of options', () => {
    expect(() => validateAgentSiteOptions(42)).toThrow(
      'invalid agent-ready options:\n  - options must be an object',
    );
  });

  it('documents every option, at every level (the READMEs are rendered from it)', () => {
    expect(undocumentedOptions(agentSiteOptionsSchema)).toEqual([]);
  });

  it('any input ends in options or an OptionsValidationError', () => {
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(AGENT_SITE_OPTION_KEYS.map((key) => [key, fc.anything()])), {
          requiredKeys: [],
        }),
        (input) => {
          try {
            validateAgentSiteOptions({ site, ...input });
          } catch (error) {
            expect(error).toBeInstanceOf(OptionsValidationError);
          }
        },
      ),
      propertyRuns(300),
    );
  });
});

describe('serving settings (what a writer stores for every process serving its table)', () => {
  const full = validateAgentSiteOptions({
    site: { origin: 'HTTPS://Example.COM/', name: 'X' },
    mUrl: { suffix: 'llm/' },
    policy: { effective: '2026-01-01T00:00:00Z', urls: { contact: 'https://example.com/c' } },
    usage: { trainAi: false, search: true },
    robotsTxt: { rules: 'User-agent: *\nDisallow: /x/\n' },
    llmsTxt: { notice: false },
    protect: 'all',
    metrics: { enabled: true, stats: 'public' },
  });

  it('survive the JSON they are stored as, exactly', () => {
    const serving = servingSettingsOf(full);
    expect(readServingSettings(JSON.parse(JSON.stringify(serving)))).toEqual(serving);
    expect(serving).toMatchObject({
      origin: 'https://example.com',
      mUrl: { suffix: 'llm/' },
      // The usage preferences fill the policy's purposes the policy itself leaves open.
      policy: { purposes: { aiTrain: false, searchIndexing: true } },
      llmsTxtNotice: false,
    });
  });

  it("carry the writer's TCT profile, and the reader serves in it", () => {
    const writer = validateAgentSiteOptions({ site, tct: { profile: 'tct-03' } });
    const serving = readServingSettings(JSON.parse(JSON.stringify(servingSettingsOf(writer))));
    expect(serving?.profile).toBe('tct-03');
    const own = validateAgentSiteOptions({ site });
    expect(endpointOptionsFor(own, serving!).profile).toBe(TCT_03);
  });

  it('are refused whole when they are not what this version writes', () => {
    expect(readServingSettings({ origin: 'https://example.com', extra: 1 })).toBeUndefined();
    expect(readServingSettings({ origin: 'not a url' })).toBeUndefined();
    expect(readServingSettings('{}')).toBeUndefined();
  });

  it("give endpoints the writer's site-wide settings and this process's access and stats", () => {
    const own = validateAgentSiteOptions({ site, protect: 'all' });
    const endpoints = endpointOptionsFor(own, servingSettingsOf(full));
    expect(endpoints).toMatchObject({ origin: 'https://example.com', protect: 'all' });
    expect(endpoints.policy && endpoints.policy.effective).toBe('2026-01-01T00:00:00Z');
    expect(endpoints.stats).toBeUndefined();
    expect(endpointOptionsFor(own)).toEqual({
      origin: 'https://example.com',
      profile: TCT_1,
      protect: 'all',
    });
  });
});
