import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ValidationError } from '@agent-ready/core/errors';
import { SCP_OBJECT_STORAGE_NEEDS_SCP } from '@agent-ready/store';
import { validateFilePluginConfig, validatePluginConfig } from './validate-plugin-config';

const SITE = { origin: 'https://Example.com/', name: 'Example' };

function problem(input: unknown): string {
  try {
    validatePluginConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a ValidationError');
}

describe('validatePluginConfig', () => {
  it('accepts a minimal config and normalizes the origin', () => {
    const config = validatePluginConfig({ site: SITE, contentTypes: { 'api::a.a': true } });
    expect(config.site.origin).toBe('https://example.com');
  });

  it('names the shared site option that is wrong', () => {
    expect(problem({ site: { origin: 'nope', name: '' }, contentTypes: {} })).toMatch(
      /site\.origin[\s\S]*site\.name/,
    );
  });

  it('refuses an unknown key with the one it probably meant (a typo is not silently ignored)', () => {
    const base = { site: SITE, contentTypes: { 'api::a.a': true } };
    expect(problem({ ...base, contentType: {} })).toMatch(
      /contentType: unknown option; did you mean contentTypes\?/,
    );
    expect(problem({ ...base, llmstxt: {} })).toMatch(
      /llmstxt: unknown option; did you mean llmsTxt\?/,
    );
  });

  it('refuses unknown keys at every level, with a hint when a known key is close', () => {
    const message = problem({
      site: { ...SITE, langauge: 'en' },
      contentTypes: { 'api::a.a': { titel: 'title', colour: 'red', usage: { trainAI: false } } },
      reconcile: { batchsize: 10 },
      scp: { deltaPartPage: 10 },
    });
    for (const line of [
      'site.langauge: unknown key; did you mean language?',
      'contentTypes["api::a.a"].titel: unknown key; did you mean title?',
      'contentTypes["api::a.a"].colour: unknown key (known: url, title, body, fields, seo, description, author, published, section, usage, llmindex)',
      'contentTypes["api::a.a"].usage.trainAI: is not a usage term; did you mean trainAi?',
      'reconcile.batchsize: unknown key; did you mean batchSize?',
      'scp.deltaPartPage: unknown key; did you mean deltaPartPages?',
    ]) {
      expect(message).toContain(`\n  - ${line}`);
    }
  });

  it("passes the edge option through, checked by the store's rules", () => {
    const base = { site: SITE, contentTypes: { 'api::a.a': true } };
    const edge = {
      purger: { type: 'varnish', addresses: ['http://127.0.0.1:6081'], token: 'secret' },
      sharedMaxAge: 600,
      tagHeader: 'surrogate-key',
    };
    expect(validatePluginConfig({ ...base, edge }).edge).toEqual(edge);
    const message = problem({
      ...base,
      edge: { purger: { type: 'akamai' }, sharedMaxAge: 0, keyPrefix: 'No Spaces', soft: true },
    });
    expect(message).toContain('edge.purger');
    expect(message).toContain('edge.sharedMaxAge: must be an integer from 1 to 31536000');
    expect(message).toContain('edge.keyPrefix: must be 1 to 32 of a-z, 0-9 and -');
    expect(message).toMatch(/edge\.soft: unknown key/);
  });

  it("passes the scpObjectStorage option through, checked by the store's rules, refused with scp: false", () => {
    const base = { site: SITE, contentTypes: { 'api::a.a': true } };
    const scpObjectStorage = {
      bucket: 'collections',
      publicBaseUrl: 'https://cdn.example.com/',
      prefix: 'shop/scp/',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    };
    expect(validatePluginConfig({ ...base, scpObjectStorage }).scpObjectStorage).toEqual(
      scpObjectStorage,
    );
    expect(validateFilePluginConfig({ scpObjectStorage }).scpObjectStorage).toEqual(
      scpObjectStorage,
    );
    const message = problem({
      ...base,
      scpObjectStorage: { ...scpObjectStorage, bucket: '', attempts: 0, acl: 'public-read' },
    });
    expect(message).toContain('scpObjectStorage.bucket: must be the bucket name');
    expect(message).toContain('scpObjectStorage.attempts: must be an integer from 1 to 20');
    expect(message).toMatch(/scpObjectStorage\.acl: unknown key/);
    expect(problem({ ...base, scp: false, scpObjectStorage })).toBe(
      `invalid agent-ready options:\n  - scpObjectStorage: ${SCP_OBJECT_STORAGE_NEEDS_SCP}`,
    );
    expect(() => validateFilePluginConfig({ scp: false, scpObjectStorage })).toThrow(
      SCP_OBJECT_STORAGE_NEEDS_SCP,
    );
  });

  it('names each bad locale, and one listed twice', () => {
    expect(problem({ site: SITE, contentTypes: {}, locales: ['en', 'English', 'en'] })).toBe(
      [
        'invalid agent-ready options:',
        '  - locales[1]: must be a locale code such as en or pt-BR',
        '  - locales: lists a locale twice',
      ].join('\n'),
    );
    expect(problem({ site: SITE, contentTypes: {}, locales: [] })).toContain(
      '- locales: must be a list of 1 to 100 locale codes',
    );
  });

  it('requires contentTypes and names every bad mapping key', () => {
    expect(problem({ site: SITE })).toMatch(/- contentTypes: is required/);
    const message = problem({
      site: SITE,
      contentTypes: {
        'api::article.article': {
          body: [],
          titel: 'title',
          url: 'blog/{slug}',
          section: 'has space',
          author: 'a.b.c',
        },
        'api::page.page': 'yes',
      },
    });
    expect(message).toContain('contentTypes["api::article.article"].body: must name at least one');
    expect(message).toContain('contentTypes["api::article.article"].titel: unknown key');
    expect(message).toContain('contentTypes["api::article.article"].url: must be a path pattern');
    expect(message).toContain('contentTypes["api::article.article"].section: must be letters');
    expect(message).toContain('contentTypes["api::article.article"].author: must be an attribute');
    expect(message).toContain('contentTypes["api::page.page"]: must be true or a mapping object');
  });

  it('checks per-content-type usage preferences, naming the bad term', () => {
    const config = validatePluginConfig({
      site: SITE,
      contentTypes: { 'api::a.a': { usage: { trainAi: false } } },
    });
    expect(config.contentTypes['api::a.a']).toEqual({ usage: { trainAi: false } });
    const message = problem({
      site: SITE,
      contentTypes: {
        'api::a.a': { usage: { trainAI: false } },
        'api::b.b': { usage: { search: 'no' } },
        'api::c.c': { usage: 'no-training' },
      },
    });
    expect(message).toContain('contentTypes["api::a.a"].usage.trainAI: is not a usage term');
    expect(message).toContain('contentTypes["api::b.b"].usage.search: must be true or false');
    expect(message).toContain('contentTypes["api::c.c"].usage: must be { trainAi?');
  });

  it('checks llmindex roles and their attribute names', () => {
    expect(
      problem({
        site: SITE,
        contentTypes: {
          'api::a.a': { llmindex: { role: 'product' } },
          'api::b.b': { llmindex: { role: 'faq', topic: 'a b', price: 'price' } },
          'api::c.c': { llmindex: 'about' },
          'api::d.d': { llmindex: { role: 'shop' } },
        },
      }),
    ).toEqual(
      expect.stringMatching(
        // Within one object, its unknown keys come first (as everywhere): price, then topic.
        /"api::a\.a"\]\.llmindex\.availability: is required[\s\S]*"api::b\.b"\]\.llmindex\.price: unknown key for role faq \(known: role, topic\)[\s\S]*"api::b\.b"\]\.llmindex\.topic: must be an attribute[\s\S]*"api::c\.c"\]\.llmindex: must be \{ role: about \| policy \| faq \| product \}[\s\S]*"api::d\.d"\]\.llmindex: must be/,
      ),
    );
    expect(() =>
      validatePluginConfig({
        site: SITE,
        contentTypes: {
          'api::product.product': {
            llmindex: {
              role: 'product',
              availability: 'stock',
              price: 'price',
              brand: 'maker.name',
            },
          },
          'api::faq.faq': { llmindex: { role: 'faq', topic: 'topic' } },
          'api::about.about': { llmindex: { role: 'about' } },
        },
      }),
    ).not.toThrow();
  });

  it('checks the plugin options', () => {
    const message = problem({
      site: SITE,
      contentTypes: {},
      locales: ['en', 'not a locale'],
      tablePrefix: 'bad-prefix',
      rebuild: { debounceMs: -1, everyMs: 5 },
      reconcile: { onBootstrap: 'yes', batchSize: 0 },
      rootLink: 'no',
    });
    for (const key of [
      'locales',
      'tablePrefix',
      'rebuild.debounceMs',
      'rebuild.everyMs: unknown key',
      'reconcile.onBootstrap',
      'reconcile.batchSize',
      'rootLink',
    ]) {
      expect(message).toContain(`- ${key}`);
    }
  });

  it('refuses protect: the plugin exposes public content only', () => {
    expect(problem({ site: SITE, contentTypes: {}, protect: 'all' })).toMatch(/- protect:/);
  });

  it('any input ends in a config or a ValidationError', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            site: fc.oneof(fc.constant(SITE), fc.anything()),
            contentTypes: fc.oneof(
              fc.dictionary(fc.string(), fc.oneof(fc.constant(true), fc.anything())),
              fc.anything(),
            ),
            locales: fc.anything(),
            rebuild: fc.anything(),
            reconcile: fc.anything(),
            tablePrefix: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        (input) => {
          try {
            validatePluginConfig(input);
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError);
          }
        },
      ),
      propertyRuns(300),
    );
  });
});

describe('validateFilePluginConfig (config/plugins, which may not be complete yet)', () => {
  it('accepts a config without the required settings, keeping only what is there', () => {
    expect(validateFilePluginConfig({})).toEqual({ site: {} });
    expect(
      validateFilePluginConfig({ site: { origin: 'https://Example.com/' }, locales: ['en'] }),
    ).toEqual({ site: { origin: 'https://example.com' }, locales: ['en'] });
    const complete = { site: SITE, contentTypes: { 'api::a.a': true } };
    expect(validateFilePluginConfig(complete)).toEqual(validatePluginConfig(complete));
  });

  it('still refuses whatever is present but wrong, naming the key', () => {
    const check = (input: unknown) => () => validateFilePluginConfig(input);
    expect(check({ contentType: {} })).toThrow(
      /contentType: unknown option; did you mean contentTypes\?/,
    );
    expect(check({ site: { origin: 'ftp://example.com' } })).toThrow(
      /site\.origin: must be an absolute http\(s\) URL/,
    );
    expect(check({ site: { name: 'x' }, contentTypes: { 'api::a.a': 'yes' } })).toThrow(
      /contentTypes\["api::a\.a"\]: must be true or a mapping object/,
    );
    expect(check({ site: 'https://example.com' })).toThrow(/site/);
    expect(check({ site: { origin: 'https://example.com' }, rootPage: 'home' })).toThrow(
      /rootPage: must be admin-redirect or agent-index/,
    );
  });
});
