import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { isNormalHttpUri } from './is-normal-http-uri';
import { normalizeUriComponents } from './normalize-uri';
import { parseUri } from './parse-uri';
import { serializeUri } from './serialize-uri';
import { UriError } from './uri-error';

/** The full normalizer, without the fast path. */
function slowNormalize(uri: string): string | undefined {
  try {
    return serializeUri(normalizeUriComponents(parseUri(uri), 'scheme-based', uri));
  } catch (error) {
    if (error instanceof UriError) return undefined;
    throw error;
  }
}

describe('isNormalHttpUri (the fast path of normalizeUri)', () => {
  it.each([
    'http://example.com/',
    'https://www.example.com/a/b.html?x=1&y=%20#frag',
    'https://example.com:8443/%C3%A9/',
    'http://192.0.2.1/a',
    'http://a_b.example/%2F?',
  ])('takes %s', (uri) => {
    expect(isNormalHttpUri(uri)).toBe(true);
    expect(slowNormalize(uri)).toBe(uri);
  });

  it.each([
    'HTTP://example.com/',
    'http://Example.com/',
    'http://example.com',
    'http://example.com:80/',
    'https://example.com:443/',
    'http://example.com:0080/',
    'http://example.com/a/../b',
    'http://example.com/a/.',
    'http://example.com/%7e',
    'http://example.com/%c3%a9',
    'http://xn--fa-hia.de/',
    'http://a.xn--fa-hia.de/',
    'http://user@example.com/',
    'http://[::1]/',
    'http://example.com/é',
  ])('leaves %s to the full normalizer', (uri) => {
    expect(isNormalHttpUri(uri)).toBe(false);
  });

  it('never takes a URI the full normalizer would change', () => {
    const piece = fc.constantFrom(
      ...['http', 'https', 'HTTP', '://', ':', '/', '//', '.', '..', '?', '#', '@', '[', ']'],
      ...['a', 'B', 'x.y', 'xn--', 'xn--fa-hia', '-', '_', '~', '!', ';', '=', '+', '0'],
      ...[
        '80',
        '443',
        '080',
        '8080',
        '%',
        '%2e',
        '%2E',
        '%41',
        '%7e',
        '%7E',
        '%2F',
        '%2f',
        '%C3%A9',
      ],
      ...['%20', 'é', ' ', '%25'],
    );
    const free = fc
      .tuple(fc.constantFrom('http://', 'https://'), fc.array(piece, { maxLength: 16 }))
      .map(([start, pieces]) => start + pieces.join(''));
    /** Mostly parts that are already normal, so the fast path is reached, some that are not. */
    const mostly = (normal: string[], other: string[]) =>
      fc.oneof(
        { arbitrary: fc.constantFrom(...normal), weight: 6 },
        { arbitrary: fc.constantFrom(...other), weight: 1 },
      );
    const label = mostly(['a', 'b0', 'x-y', '_s', '~'], ['xn--fa-hia', 'xn--zz', 'EX', 'é', '%41']);
    const segment = mostly(
      ['', 'a', '.a', '%C3%A9', 'b;c=d', ':@', '%2F', 'A', '%20'],
      ['.', '..', '%2e', '%2E', '%7e', '%7E', '%c3%a9', 'é'],
    );
    const text = fc.array(mostly(['a', '/', '?', '%20', '=', '&', '%3D'], ['%7E', '%3d', 'é']), {
      maxLength: 4,
    });
    const structured = fc
      .record({
        scheme: fc.constantFrom('http', 'https', 'HTTP'),
        host: fc.array(label, { minLength: 1, maxLength: 3 }),
        port: fc.option(mostly(['8080', '65536', '1'], ['', '80', '443', '0', '080'])),
        path: fc.option(fc.array(segment, { minLength: 1, maxLength: 5 })),
        query: fc.option(text),
        fragment: fc.option(text),
      })
      .map(
        (parts) =>
          `${parts.scheme}://${parts.host.join('.')}` +
          (parts.port === null ? '' : `:${parts.port}`) +
          (parts.path === null ? '' : `/${parts.path.join('/')}`) +
          (parts.query === null ? '' : `?${parts.query.join('')}`) +
          (parts.fragment === null ? '' : `#${parts.fragment.join('')}`),
      );
    const candidate = fc.oneof(free, structured);
    let taken = 0;
    fc.assert(
      fc.property(candidate, (uri) => {
        if (!isNormalHttpUri(uri)) return;
        taken++;
        expect(slowNormalize(uri)).toBe(uri);
      }),
      propertyRuns(3000),
    );
    // The property says nothing unless the generator reaches the fast path often.
    expect(taken).toBeGreaterThan(100);
  });
});
