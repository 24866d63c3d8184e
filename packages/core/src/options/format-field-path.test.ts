import { formatFieldPath } from './format-field-path';

describe('formatFieldPath', () => {
  it('spells a path as the config does', () => {
    expect(formatFieldPath([])).toBe('');
    expect(formatFieldPath(['scp', 'deltaPeriod'])).toBe('scp.deltaPeriod');
    expect(formatFieldPath(['contentTypes', 'api::article.article', 'url'])).toBe(
      'contentTypes["api::article.article"].url',
    );
    expect(formatFieldPath(['locales', 0])).toBe('locales[0]');
    expect(formatFieldPath(['contentTypes', 'api::a.a', 'body', 1])).toBe(
      'contentTypes["api::a.a"].body[1]',
    );
    expect(formatFieldPath(['titles', 'two words'])).toBe('titles["two words"]');
  });
});
