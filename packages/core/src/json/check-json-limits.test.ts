import { CanonicalJsonError } from './canonicalize-json';
import { checkJsonLimits, type JsonLimits } from './check-json-limits';

const LIMITS: JsonLimits = { maxDepth: 64, maxNodes: 100, maxKeyBytes: 8, maxStringBytes: 10 };

function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function failure(value: unknown): CanonicalJsonError | undefined {
  try {
    checkJsonLimits(value, LIMITS);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(CanonicalJsonError);
    return error as CanonicalJsonError;
  }
}

describe('checkJsonLimits', () => {
  it('allows a value exactly at every limit', () => {
    expect(failure(nested(64))).toBeUndefined();
    expect(failure(Array.from({ length: 99 }, () => 1))).toBeUndefined();
    expect(failure({ ['é'.repeat(4)]: 'ü'.repeat(5) })).toBeUndefined();
  });

  it.each([
    ['65 levels', nested(65), 'maxDepth'],
    ['101 values', Array.from({ length: 100 }, () => null), 'maxNodes'],
    ['a 9-byte member name', { ['é'.repeat(4) + 'x']: 1 }, 'maxKeyBytes'],
    ['an 11-byte string', { a: ['ü'.repeat(5) + 'x'] }, 'maxStringBytes'],
  ])('refuses %s, naming the limit', (_name, value, rule) => {
    expect(failure(value)).toMatchObject({ code: 'json.limit', rule });
  });

  it('names the member that broke the limit', () => {
    expect(failure({ a: { b: ['short', 'much too long'] } })?.field).toBe('a.b[1]');
  });

  it('walks a hostile depth without overflowing the stack', () => {
    expect(failure(nested(1_000_000))?.rule).toBe('maxDepth');
  });
});
