import { buildPolicy, validatePolicy } from './build-policy';

describe('policy descriptor', () => {
  it('builds a valid tct-policy-1 document with conservative defaults', () => {
    const policy = buildPolicy({
      effective: '2025-10-01T00:00:00Z',
      urls: { contact: 'https://Example.com/contact' },
    });
    expect(policy).toMatchObject({
      profile: 'tct-policy-1',
      version: 1,
      updated: '2025-10-01T00:00:00Z',
      policy_urls: { contact: 'https://example.com/contact' },
      purposes: { allow_ai_input: true, allow_ai_train: false, allow_search_indexing: true },
    });
    expect(validatePolicy(policy)).toEqual([]);
  });

  it('reports every problem with its field', () => {
    const problems = validatePolicy({
      profile: 'tct-policy-2',
      version: 0,
      effective: 'soon',
      updated: '2025-10-01T00:00:00Z',
      policy_urls: { contact: 'mailto:x@example.com' },
      purposes: { allow_ai_train: 'no' },
      requirements: {},
      rate_hints: { max_requests_per_day: -1 },
    });
    expect(problems.map((p) => p.field)).toEqual([
      'profile',
      'version',
      'effective',
      'policy_urls.contact',
      'purposes.allow_ai_train',
      'rate_hints.max_requests_per_day',
    ]);
  });

  it('throws a typed error when built from bad options', () => {
    expect(() => buildPolicy({ effective: 'not a date' })).toThrow(
      expect.objectContaining({ field: 'effective' }),
    );
  });
});
