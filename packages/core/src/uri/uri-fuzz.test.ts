import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { compareUris } from './compare-uris';
import { hostToAscii, hostToUnicode } from './convert-host';
import { isHttpUrl, resolveUrlAgainst } from './http-url';
import { iriToUri, uriToDisplayIri } from './map-iri-to-uri';
import { normalizeUri, normalizeUriSyntax } from './normalize-uri';
import { parseUri, parseUriReference } from './parse-uri';
import { resolveUri } from './resolve-uri';
import { serializeUri } from './serialize-uri';
import { UriError } from './uri-error';

/** Runs `run`; a UriError becomes `{ error: code }`, any other throw fails the test. */
function outcome<T>(run: () => T): T | { error: string } {
  try {
    return run();
  } catch (error) {
    if (error instanceof UriError) return { error: error.code };
    throw error;
  }
}

function succeeded<T>(result: T | { error: string }): result is T {
  return typeof result !== 'object' || result === null || !('error' in result);
}

/** Well-formed choices six times as often as malformed ones. */
const mostly = (wellFormed: string[], malformed: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...wellFormed), weight: 6 },
    { arbitrary: fc.constantFrom(...malformed), weight: 1 },
  );

const scheme = mostly(
  ['http', 'HTTP', 'https', 'HtTpS', 'ws', 'foo', 'urn', 'mailto', 'x+y.z', ''],
  ['1a'],
);
const userinfo = mostly(['', 'u', 'u:p', '%41%3a', 'é'], ['a@b', '%zz']);
const host = mostly(
  [
    ...['example.com', 'EXAMPLE.com', 'a', '', 'xn--fa-hia.de', 'XN--FA-HIA.de', 'faß.de'],
    ...['résumé.org', 'r%C3%A9sum%C3%A9.org', 'R%c3%89.org', 'a%2Fb', '%2e', '192.0.2.1'],
    ...['1.2.3.999', '[::1]', '[FE80::1%25En0]', '[v1.X]', '[::FFFF:1.2.3.4]', '😀.com', '_a'],
    ...['a..b', 'example.com.', 'ＡＢＣ', '%C2%AD'],
  ],
  ['%FF', '[::1', '[1::2::3]', 'xn--zz', 'a\u200Cb', '1\u05D0', 'a b'],
);
const port = mostly(['', '80', '443', '0080', '8080', '99999'], ['x']);
const segment = mostly(
  [
    ...['', '.', '..', 'a', 'B', '%2e', '%2E%2E', '%7e', '%7E', 'é', '%2F', ':', '@', ';p=1'],
    ...['x.y', '%c3%a9', '\uE000', '😀', 'e\u0301', '%FF', 'a:b'],
  ],
  [' ', '%', '\uD800'],
);
const text = fc
  .array(mostly(['', 'a=b', '%7e', '?', '/', 'é', '\uE000', '..', '%25'], ['#', '%zz', ' ']), {
    maxLength: 3,
  })
  .map((pieces) => pieces.join(''));

/** Mostly well-formed URIs and IRIs with every awkward component, some malformed ones. */
const uriLike = fc
  .record({
    scheme,
    authority: fc.option(fc.record({ userinfo: fc.option(userinfo), host, port: fc.option(port) })),
    rooted: fc.boolean(),
    segments: fc.array(segment, { maxLength: 5 }),
    query: fc.option(text),
    fragment: fc.option(text),
  })
  .map((parts) => {
    let uri = parts.scheme === '' ? '' : `${parts.scheme}:`;
    if (parts.authority !== null) {
      const { userinfo: info, host: name, port: number } = parts.authority;
      uri += `//${info === null ? '' : `${info}@`}${name}${number === null ? '' : `:${number}`}`;
    }
    const path = parts.segments.join('/');
    uri += (parts.rooted || parts.authority !== null) && path !== '' ? `/${path}` : path;
    if (parts.query !== null) uri += `?${parts.query}`;
    if (parts.fragment !== null) uri += `#${parts.fragment}`;
    return uri;
  });

/** Arbitrary text too: whole strings of any code points, lone surrogates included. */
const anything = fc.oneof(
  uriLike,
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
);

const base = fc.oneof(
  uriLike.filter((uri) => succeeded(outcome(() => parseUri(uri)))),
  fc.constantFrom(
    ...['http://a/b/c/d;p?q', 'HTTP://A', 'https://résumé.org/ä/ö?ü#x', 'foo:a/b', 'foo:', 'foo:/'],
    ...['mailto:x@example.com', 'http://[::1]:80', 'urn:a:b', 'file:///etc/'],
  ),
);

const RUNS = propertyRuns(600);

describe('URI fuzzing (fast-check)', () => {
  it('only ever fails with UriError, whatever the input', () => {
    fc.assert(
      fc.property(anything, anything, (a, b) => {
        outcome(() => parseUriReference(a));
        outcome(() => normalizeUri(a));
        outcome(() => normalizeUriSyntax(a));
        outcome(() => iriToUri(a));
        outcome(() => uriToDisplayIri(a));
        outcome(() => hostToAscii(a));
        outcome(() => hostToUnicode(a));
        outcome(() => compareUris(a, b, { forRetrieval: true, redirectShowsTrailingSlash: true }));
        outcome(() => resolveUri(a, b));
        expect(typeof isHttpUrl(a)).toBe('boolean');
      }),
      RUNS,
    );
  });

  it('normalization is idempotent and yields an ASCII URI equivalent to its input', () => {
    let normalized = 0;
    fc.assert(
      fc.property(uriLike, (uri) => {
        const once = outcome(() => normalizeUri(uri));
        if (!succeeded(once)) return;
        normalized++;
        expect(normalizeUri(once)).toBe(once);
        expect(once).toMatch(/^[\x21-\x7E]*$/);
        expect(serializeUri(parseUri(once))).toBe(once);
        expect(compareUris(uri, once).equivalent).toBe(true);
        const syntax = normalizeUriSyntax(uri);
        expect(normalizeUriSyntax(syntax)).toBe(syntax);
      }),
      RUNS,
    );
    expect(normalized).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it('equivalence is symmetric, rung included', () => {
    fc.assert(
      fc.property(uriLike, uriLike, fc.boolean(), fc.boolean(), (a, b, retrieval, redirect) => {
        const options = { forRetrieval: retrieval, redirectShowsTrailingSlash: redirect };
        const forward = outcome(() => compareUris(a, b, options));
        const backward = outcome(() => compareUris(b, a, options));
        expect(succeeded(forward)).toBe(succeeded(backward));
        if (succeeded(forward)) expect(backward).toEqual(forward);
      }),
      RUNS,
    );
  });

  it('a URI is equivalent to every spelling of it the normalizer maps to the same form', () => {
    fc.assert(
      fc.property(uriLike, uriLike, (a, b) => {
        const normalA = outcome(() => normalizeUri(a));
        const normalB = outcome(() => normalizeUri(b));
        if (!succeeded(normalA) || !succeeded(normalB)) return;
        expect(compareUris(a, b).equivalent).toBe(normalA === normalB);
      }),
      RUNS,
    );
  });

  it('parsing and serializing give back the very same text', () => {
    fc.assert(
      fc.property(anything, (text) => {
        const parsed = outcome(() => parseUriReference(text));
        if (succeeded(parsed)) expect(serializeUri(parsed)).toBe(text);
      }),
      RUNS,
    );
  });

  it('resolution gives an absolute URI whose normal form is stable', () => {
    let resolved = 0;
    fc.assert(
      fc.property(base, uriLike, (base, reference) => {
        const target = outcome(() => resolveUri(base, reference));
        if (!succeeded(target)) return;
        resolved++;
        expect(parseUri(target).scheme).toBeDefined();
        const normal = outcome(() => normalizeUri(target));
        if (succeeded(normal)) expect(normalizeUri(normal)).toBe(normal);
      }),
      RUNS,
    );
    expect(resolved).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it('IRI-to-URI mapping yields ASCII and maps URIs to themselves', () => {
    fc.assert(
      fc.property(uriLike, (iri) => {
        const uri = outcome(() => iriToUri(iri));
        if (!succeeded(uri)) return;
        expect(uri).toMatch(/^[\x21-\x7E]*$/);
        expect(iriToUri(uri)).toBe(uri);
      }),
      RUNS,
    );
  });

  it('isHttpUrl and resolveUrlAgainst only let through normal, usable http(s) URLs', () => {
    const resolve = resolveUrlAgainst('https://example.com/a/b?c');
    fc.assert(
      fc.property(anything, (text) => {
        if (isHttpUrl(text)) expect(isHttpUrl(normalizeUri(text))).toBe(true);
        const url = resolve(text);
        if (url !== undefined) {
          expect(normalizeUri(url)).toBe(url);
          expect(isHttpUrl(url)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('takes multi-megabyte input in its stride: no regex stack overflow, no foreign error', () => {
    // V8 overflows its regex backtrack stack on `^(?:a|%XX)*$` somewhere past 5 million
    // characters; 10 million shows that no such pattern is left on these paths.
    const huge = 10_000_000;
    for (const uri of [`http://a/${'b'.repeat(huge)}`, `http://[::1%25${'a'.repeat(huge)}]/`]) {
      expect(parseUriReference(uri).path.length).toBeLessThanOrEqual(huge + 1);
      expect(typeof normalizeUri(uri)).toBe('string');
    }
    const size = 200_000;
    const resolve = resolveUrlAgainst('http://a/');
    for (const uri of [
      `http://a/${'%41'.repeat(size / 3)}`,
      `http://a/${'é'.repeat(size / 2)}`,
      `http://${'a'.repeat(size)}/`,
      `http://a/?${'x/'.repeat(size / 2)}`,
      `http://a/${'../'.repeat(size / 3)}`,
      `http://[v1.${'a'.repeat(size)}]/`,
      `a${' '.repeat(size)}b `,
    ]) {
      outcome(() => normalizeUri(uri));
      outcome(() => compareUris(uri, `${uri}#`));
      outcome(() => iriToUri(uri));
      expect(typeof isHttpUrl(uri)).toBe('boolean');
      resolve(uri);
    }
  });
});
