import { describeConformance, readConformanceJson } from '@agent-ready/test-support';
import { compareUris } from './compare-uris';
import { normalizeUri } from './normalize-uri';
import { removeDotSegments } from './remove-dot-segments';
import { resolveUri } from './resolve-uri';
import { iriToUri, uriToDisplayIri } from './map-iri-to-uri';

interface UriCase {
  id: string;
  op: string;
  input?: string;
  base?: string;
  a?: string;
  b?: string;
  expected: string | boolean;
  scope: 'in' | 'ambiguous' | 'optional';
  note?: string;
}

function run(testCase: UriCase): string | boolean {
  switch (testCase.op) {
    case 'resolve':
      return resolveUri(testCase.base!, testCase.input!);
    case 'remove_dot_segments':
      return removeDotSegments(testCase.input!);
    case 'normalize':
      return normalizeUri(testCase.input!);
    case 'equivalent':
      return compareUris(testCase.a!, testCase.b!).equivalent;
    case 'iri_to_uri':
      return iriToUri(testCase.input!);
    case 'uri_to_iri':
      return uriToDisplayIri(testCase.input!);
    default:
      throw new Error(`unknown op ${testCase.op} in ${testCase.id}`);
  }
}

/**
 * Cases outside `in` that we decide differently from `expected`, with the reason. Every other
 * ambiguous/optional case must give the expected value.
 */
const DIFFERENT_BY_CHOICE: Record<string, { ours: string | boolean; why: string }> = {
  'rfc3986-6.2.3:mailto': {
    ours: false,
    why:
      'no mailto-specific rule: only http/https/ws/wss get scheme-based normalization, and the ' +
      'generic syntax keeps the path case-sensitive (RFC 3986 §6.2.2.1)',
  },
};

describeConformance('uri-rfc-examples (RFC 3986 / RFC 3987)', (dir) => {
  const cases = readConformanceJson<UriCase[]>(dir, 'uri-rfc-examples', 'cases.json');

  it('has the cases this suite was written against', () => {
    expect(cases.filter((c) => c.scope === 'in').length).toBeGreaterThanOrEqual(70);
  });

  it.each(cases.filter((c) => c.scope === 'in').map((c) => [c.id, c] as const))(
    'in scope: %s',
    (_id, testCase) => {
      expect(run(testCase)).toBe(testCase.expected);
    },
  );

  it.each(cases.filter((c) => c.scope !== 'in').map((c) => [c.id, c] as const))(
    'ambiguous or optional: %s',
    (id, testCase) => {
      const choice = DIFFERENT_BY_CHOICE[id];
      expect(run(testCase)).toBe(choice === undefined ? testCase.expected : choice.ours);
    },
  );

  it('keeps the strict reading of "http:g" (RFC 3986 §5.4.2), not the non-strict alternative', () => {
    const httpG = cases.find((c) => c.id === 'rfc3986-5.4.2:http:g')!;
    expect(resolveUri(httpG.base!, httpG.input!)).toBe('http:g');
  });
});
