import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { canonicalLanguageTag, isLanguageTag, isWellFormedLanguageTag } from './language-tag';

describe('BCP 47 language tags', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-us', 'en-US'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    ['ZH-hant-tw', 'zh-Hant-TW'],
    ['es-419', 'es-419'],
    ['sr-Latn-RS', 'sr-Latn-RS'],
    ['de-CH-1996', 'de-CH-1996'],
    ['en-US-u-ca-gregory', 'en-US-u-ca-gregory'],
    ['pt-BR', 'pt-BR'],
  ])('accepts %s as %s', (tag, canonical) => {
    expect(canonicalLanguageTag(tag)).toBe(canonical);
    expect(isLanguageTag(tag)).toBe(true);
  });

  it.each([
    '',
    'English',
    'en_US',
    'en--US',
    'e',
    'x-private',
    'i-klingon',
    'en US',
    'a'.repeat(300),
  ])('refuses %j', (tag) => {
    expect(canonicalLanguageTag(tag)).toBeUndefined();
    expect(isLanguageTag(tag)).toBe(false);
  });

  it('refuses what is not a string, and canonical forms are fixed points', () => {
    expect(isLanguageTag(undefined)).toBe(false);
    expect(isLanguageTag(42)).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/), (tag) => {
        const canonical = canonicalLanguageTag(tag);
        return canonical === undefined || canonicalLanguageTag(canonical) === canonical;
      }),
      propertyRuns(500),
    );
  });
});

describe('isWellFormedLanguageTag (RFC 5646 §2.1 grammar)', () => {
  it.each([
    'en',
    'sr-Latn-RS',
    'zh-cmn-Hans-CN',
    'de-CH-1901',
    'x-internal',
    'i-klingon',
    'EN-us',
    'es-419',
    'en-US-u-ca-gregory-x-mine',
    'sl-rozaj-biske',
    'hy-Latn-IT-arevela',
  ])('accepts %j (TCT -03 M-URL language)', (tag) => {
    expect(isWellFormedLanguageTag(tag)).toBe(true);
  });

  it.each(['', 'e', 'en_', 'en--US', 'en-US-', 'Englishlanguage', 'en-x', 'a-DE', 'en US', 7])(
    'refuses %j',
    (tag) => {
      expect(isWellFormedLanguageTag(tag)).toBe(false);
    },
  );

  it('accepts every tag isLanguageTag accepts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('en', 'de', 'zh', 'sr', 'pt'),
        fc.option(fc.constantFrom('Latn', 'Hant', 'Cyrl'), { nil: undefined }),
        fc.option(fc.constantFrom('US', 'RS', '419', 'TW'), { nil: undefined }),
        (language, script, region) => {
          const tag = [language, script, region].filter(Boolean).join('-');
          return !isLanguageTag(tag) || isWellFormedLanguageTag(tag);
        },
      ),
      propertyRuns(100),
    );
  });
});
