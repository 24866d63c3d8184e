import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { removeDotSegments } from './remove-dot-segments';

/** RFC 3986 §5.2.4 transcribed with string buffers, one rule per branch, as the oracle. */
function removeDotSegmentsLiterally(path: string): string {
  let input = path;
  let output = '';
  while (input !== '') {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../') || input === '/..') {
      input = input === '/..' ? '/' : input.slice(3);
      output = output.slice(0, Math.max(output.lastIndexOf('/'), 0));
    } else if (input === '.' || input === '..') input = '';
    else {
      const end = input.indexOf('/', 1);
      const segment = end < 0 ? input : input.slice(0, end);
      output += segment;
      input = input.slice(segment.length);
    }
  }
  return output;
}

describe('removeDotSegments (RFC 3986 §5.2.4)', () => {
  it.each([
    ['/a/b/c/./../../g', '/a/g'],
    ['mid/content=5/../6', 'mid/6'],
    ['/../a', '/a'],
    ['/../../', '/'],
    ['/a/..', '/'],
    ['/a/.', '/a/'],
    ['/a/./', '/a/'],
    ['a/..', '/'],
    ['..', ''],
    ['.', ''],
    ['../../x', 'x'],
    ['./a:b', 'a:b'],
    ['/a/.../b', '/a/.../b'],
    ['/a/.b/..c/', '/a/.b/..c/'],
    ['/a//../b', '/a/b'],
    ['/././/x', '//x'],
    ['', ''],
    ['/', '/'],
    ['/%2E%2E/', '/%2E%2E/'],
  ])('%j → %j', (path, expected) => {
    expect(removeDotSegments(path)).toBe(expected);
    expect(removeDotSegmentsLiterally(path)).toBe(expected);
  });

  it('agrees with the literal transcription of the RFC on dot-heavy paths', () => {
    const piece = fc.constantFrom('/', '.', '..', 'a', 'b.', '.c', '/./', '/../', '//', '...');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const path = pieces.join('');
        expect(removeDotSegments(path)).toBe(removeDotSegmentsLiterally(path));
      }),
      propertyRuns(2000),
    );
  });

  it('is linear: a very long path does not take quadratic time or blow the stack', () => {
    const path = '/a/./b/..'.repeat(200_000);
    // Boolean comparison: a failure message of 400,000 characters helps nobody.
    expect(removeDotSegments(path) === `${'/a'.repeat(200_000)}/`).toBe(true);
  });
});
