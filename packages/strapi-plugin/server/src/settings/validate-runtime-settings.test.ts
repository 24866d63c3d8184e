import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ConfigProblemsError } from '../config/validate-plugin-config';
import { runtimeSettingsProblems, validateRuntimeSettings } from './validate-runtime-settings';

const fields = (input: unknown) => runtimeSettingsProblems(input).map((p) => p.field);

describe('runtimeSettingsProblems', () => {
  it('accepts every editable key in its documented shape', () => {
    expect(
      runtimeSettingsProblems({
        site: { name: 'Example', summary: '', details: 'Prose.' },
        contentTypes: { 'api::article.article': { body: ['content'], url: '/{slug}/' } },
        locales: ['en', 'pt-BR'],
        policy: {
          effective: '2025-10-01T00:00:00Z',
          urls: { contact: 'https://example.com/contact/' },
          purposes: { aiTrain: false },
          requirements: { attribution: true },
          rateHints: { maxRequestsPerSecond: 1, maxRequestsPerDay: null, note: 'Be nice.' },
        },
      }),
    ).toEqual([]);
    expect(runtimeSettingsProblems({})).toEqual([]);
    expect(runtimeSettingsProblems({ locales: null, policy: false })).toEqual([]);
    expect(runtimeSettingsProblems({ tct: { profile: 'tct-03' } })).toEqual([]);
    expect(
      runtimeSettingsProblems({ tct: { profile: 'tct-3' } }).map((p) => `${p.field}: ${p.message}`),
    ).toEqual(['tct.profile: must be tct-1 or tct-03']);
  });

  it('names every problem under its key', () => {
    expect(
      fields({
        origin: 'https://elsewhere.example',
        site: { name: 3, summary: 'x'.repeat(1001) },
        contentTypes: { 'api::a.a': { url: 'no-slash' }, 'API::A.A': true },
        locales: ['en', 'en', 'not a locale'],
        policy: {
          effective: 'soon',
          version: 0,
          urls: { contact: 'javascript:alert(1)', home: 'https://x' },
          purposes: { aiTrain: 'yes' },
          rateHints: { maxRequestsPerDay: -1 },
        },
      }),
    ).toEqual([
      'origin',
      'site.name',
      'site.summary',
      'contentTypes["api::a.a"].url',
      'contentTypes["API::A.A"]',
      'locales[2]',
      'locales',
      'policy.effective',
      'policy.version',
      'policy.urls.home',
      'policy.urls.contact',
      'policy.purposes.aiTrain',
      'policy.rateHints.maxRequestsPerDay',
    ]);
    expect(fields([])).toEqual(['']);
    expect(fields({ site: { name: ' ' } })).toEqual(['site.name']);
    expect(fields({ locales: [] })).toEqual(['locales']);
    expect(fields({ policy: true })).toEqual(['policy']);
  });

  it('refuses unknown keys at every level, with a hint when a known key is close', () => {
    expect(
      runtimeSettingsProblems({
        site: { nam: 'Example', tagline: 'x' },
        contentTypes: { 'api::a.a': { boddy: 'content' } },
        policy: { effective: '2025-10-01T00:00:00Z', rateHints: { maxRequestPerDay: 5 } },
        locale: ['en'],
      }).map((p) => `${p.field}: ${p.message}`),
    ).toEqual([
      'locale: unknown key; did you mean locales?',
      'site.nam: unknown key; did you mean name?',
      'site.tagline: unknown key (known: name, summary, details)',
      'contentTypes["api::a.a"].boddy: unknown key; did you mean body?',
      'policy.rateHints.maxRequestPerDay: unknown key; did you mean maxRequestsPerDay?',
    ]);
  });

  it('throws one typed error listing the problems', () => {
    expect(() => validateRuntimeSettings({ site: { name: '' } })).toThrow(ConfigProblemsError);
    try {
      validateRuntimeSettings({ site: { name: '' }, locales: 'en' });
    } catch (error) {
      expect((error as ConfigProblemsError).problems.map((p) => p.field)).toEqual([
        'site.name',
        'locales',
      ]);
    }
  });

  it('never throws on any JSON input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (input) => {
        expect(Array.isArray(runtimeSettingsProblems(input))).toBe(true);
        expect(Array.isArray(runtimeSettingsProblems({ site: input, policy: input }))).toBe(true);
        expect(
          Array.isArray(runtimeSettingsProblems({ contentTypes: { 'api::a.a': input } })),
        ).toBe(true);
      }),
      propertyRuns(300),
    );
  });
});
