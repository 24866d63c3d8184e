import { suggestKnownKey, unknownKeyMessage } from './suggest-known-key';

describe('suggestKnownKey', () => {
  it('names the known key a typo probably meant, whatever its case', () => {
    expect(suggestKnownKey('llmstxt', ['site', 'llmsTxt', 'llmindex'])).toBe('llmsTxt');
    expect(suggestKnownKey('tablePrefx', ['tablePrefix', 'mode'])).toBe('tablePrefix');
    expect(suggestKnownKey('contentType', ['contentTypes', 'locales'])).toBe('contentTypes');
  });

  it('suggests nothing when no key is close enough to be the intent', () => {
    expect(suggestKnownKey('frobnicate', ['site', 'scp'])).toBeUndefined();
    expect(suggestKnownKey('x', [])).toBeUndefined();
  });
});

describe('unknownKeyMessage', () => {
  it('gives the hint, or else the known keys, in the wording asked for', () => {
    expect(unknownKeyMessage('titel', ['title', 'body'])).toBe('unknown key; did you mean title?');
    expect(unknownKeyMessage('zzz', ['title', 'body'], 'unknown option')).toBe(
      'unknown option (known: title, body)',
    );
  });
});
