import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { contentTypeKey } from '../config/validate-plugin-config';
import { fieldPath } from './field-path';

describe('fieldPath', () => {
  it('splits the keys the validators report', () => {
    expect(fieldPath('site.name')).toEqual(['site', 'name']);
    expect(fieldPath('locales[2]')).toEqual(['locales', '2']);
    expect(fieldPath('contentTypes["api::article.article"].body[0]')).toEqual([
      'contentTypes',
      'api::article.article',
      'body',
      '0',
    ]);
    expect(fieldPath('contentTypes["api::page.page"]')).toEqual(['contentTypes', 'api::page.page']);
    expect(fieldPath('policy.rateHints.maxRequestsPerDay')).toEqual([
      'policy',
      'rateHints',
      'maxRequestsPerDay',
    ]);
    expect(fieldPath('')).toEqual([]);
  });

  it('keeps a key it cannot read as one segment', () => {
    expect(fieldPath('.name')).toEqual(['.name']);
    expect(fieldPath('a..b')).toEqual(['a..b']);
    expect(fieldPath('a[')).toEqual(['a[']);
  });

  it('round-trips any content type key and never throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('url', 'title', 'section'), (uid, attribute) => {
        expect(fieldPath(contentTypeKey(uid, attribute))).toEqual(['contentTypes', uid, attribute]);
      }),
      propertyRuns(300),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(Array.isArray(fieldPath(text))).toBe(true);
      }),
      propertyRuns(300),
    );
  });
});
