import fc from 'fast-check';
import {
  formatContentUsage,
  overlayContentUsage,
  robotsUsageLines,
  type UsagePreferences,
} from './content-usage';

const preferences = fc.record(
  { trainAi: fc.boolean(), search: fc.boolean() },
  { requiredKeys: [] },
) as fc.Arbitrary<UsagePreferences>;

describe('Content-Usage', () => {
  it('states only the terms set, in the AIPREF dictionary syntax', () => {
    expect(formatContentUsage({ trainAi: false, search: true })).toBe('train-ai=n, search=y');
    expect(formatContentUsage({ search: false })).toBe('search=n');
    expect(formatContentUsage({})).toBeUndefined();
    expect(robotsUsageLines({ trainAi: false })).toEqual([
      '# AI usage preferences',
      'Content-Usage: train-ai=n',
      'Content-Signal: ai-train=no',
    ]);
  });

  it("lays a document's terms over the site's, term by term", () => {
    const site = { trainAi: false, search: true };
    expect(overlayContentUsage(site, 'train-ai=y')).toBe('train-ai=y, search=y');
    expect(overlayContentUsage(site, 'search=n')).toBe('train-ai=n, search=n');
    expect(overlayContentUsage(site, null)).toBe('train-ai=n, search=y');
    expect(overlayContentUsage(undefined, 'train-ai=n')).toBe('train-ai=n');
    expect(overlayContentUsage(undefined, undefined)).toBeUndefined();
  });

  it('the overlay of any two settings is the settings merged', () => {
    fc.assert(
      fc.property(preferences, preferences, (site, own) => {
        const stored = formatContentUsage(own);
        expect(overlayContentUsage(site, stored)).toBe(formatContentUsage({ ...site, ...own }));
      }),
    );
  });
});
