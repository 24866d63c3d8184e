import { matchCatalogLocales } from './match-catalog-locales';

describe('matchCatalogLocales', () => {
  const site = ['', 'en', 'fr', 'pt-BR'];

  it('compares tags as BCP 47, case-insensitive', () => {
    expect(matchCatalogLocales('EN', site, 'en')).toEqual(['en', '']);
    expect(matchCatalogLocales('fr', site, 'en')).toEqual(['fr']);
    expect(matchCatalogLocales('PT-br', site, 'en')).toEqual(['pt-BR']);
  });

  it('finds the specific tags of a range, and falls back from a tag the site lacks', () => {
    expect(matchCatalogLocales('pt', site, 'en')).toEqual(['pt-BR']);
    expect(matchCatalogLocales('en-US', site, 'en')).toEqual(['en', '']);
    expect(matchCatalogLocales('fr-CA', site, 'en')).toEqual(['fr']);
    expect(matchCatalogLocales('zh-Hant-TW', ['zh-Hant', 'zh'], undefined)).toEqual(['zh-Hant']);
  });

  it("puts documents without a locale in the site's language, or in every one when it has none", () => {
    expect(matchCatalogLocales('en', ['', 'fr'], 'en-GB')).toEqual(['']);
    expect(matchCatalogLocales('en-GB', ['', 'fr'], 'en')).toEqual(['']);
    expect(matchCatalogLocales('de', ['', 'fr'], undefined)).toEqual(['']);
    expect(matchCatalogLocales('de', ['', 'fr'], 'en')).toBeUndefined();
  });

  it('matches nothing for what is no tag', () => {
    expect(matchCatalogLocales('english', site, 'en')).toBeUndefined();
    expect(matchCatalogLocales('', site, undefined)).toBeUndefined();
    expect(matchCatalogLocales('x'.repeat(300), site, undefined)).toBeUndefined();
  });
});
