import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { canonicalizeJson } from '../json';
import { checkTct03MUrl, readTct03MUrl, Tct03DocumentError } from './read-tct03-document';
import { TCT_03 } from './tct-profile';

const VALID = {
  profile: TCT_03.id,
  canonical_url: 'https://example.com/post/',
  title: 'Example',
  content: 'Hello',
};

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(Tct03DocumentError);
    return (error as Tct03DocumentError).code;
  }
}

describe('readTct03MUrl (-03 M-URL document rules)', () => {
  it('accepts the Appendix C body and keeps unknown members as they are', () => {
    const body = { ...VALID, post_id: 7, author: { name: 'A' }, headings: [{ level: 2 }] };
    expect(readTct03MUrl(canonicalizeJson(body))).toEqual(body);
  });

  it.each([
    ['the legacy tct-1 profile', { profile: 'tct-1' }, 'tct03.legacy-profile'],
    ['another profile', { profile: `${TCT_03.id}x` }, 'tct03.profile'],
    ['the M-Sitemap profile', { profile: TCT_03.sitemapProfile }, 'tct03.profile'],
    ['a missing profile', { profile: undefined }, 'tct03.profile'],
    ['a number title', { title: 1 }, 'tct03.member-type'],
    ['a null content', { content: null }, 'tct03.member-type'],
    ['a missing canonical_url', { canonical_url: undefined }, 'tct03.member-type'],
    ['a relative canonical_url', { canonical_url: '/post/' }, 'tct03.canonical-url'],
    ['an ftp canonical_url', { canonical_url: 'ftp://example.com/' }, 'tct03.canonical-url'],
    ['a raw space', { canonical_url: 'https://example.com/a b/' }, 'tct03.canonical-url'],
    ['non-ASCII', { canonical_url: 'https://example.com/café/' }, 'tct03.canonical-url'],
    ['a control character', { canonical_url: 'https://example.com/\u0001' }, 'tct03.canonical-url'],
    ['an empty language', { language: '' }, 'tct03.language'],
    ['language e', { language: 'e' }, 'tct03.language'],
    ['language en_', { language: 'en_' }, 'tct03.language'],
    ['language en--US', { language: 'en--US' }, 'tct03.language'],
    ['language en-US-', { language: 'en-US-' }, 'tct03.language'],
    ['media type text', { content_media_type: 'text' }, 'tct03.media-type'],
    ['media type text/plain;', { content_media_type: 'text/plain;' }, 'tct03.media-type'],
    ['an impossible lastModified', { lastModified: '2026-02-30T00:00:00Z' }, 'tct03.last-modified'],
  ])('refuses %s', (_name, patch, code) => {
    const body = JSON.stringify({ ...VALID, ...patch });
    expect(codeOf(() => readTct03MUrl(body))).toBe(code);
  });

  it.each(['en', 'sr-Latn-RS', 'zh-cmn-Hans-CN', 'de-CH-1901', 'x-internal'])(
    'accepts language %j',
    (language) => {
      expect(readTct03MUrl(JSON.stringify({ ...VALID, language })).language).toBe(language);
    },
  );

  it.each(['text/plain; charset=utf-8', 'text/markdown; variant="GFM"'])(
    'accepts content_media_type %j',
    (type) => {
      expect(
        readTct03MUrl(JSON.stringify({ ...VALID, content_media_type: type })).content_media_type,
      ).toBe(type);
    },
  );

  it.each([
    ['not JSON', Buffer.from('{"profile":'), 'tct03.json'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), 'tct03.utf8'],
    ['a byte order mark', Buffer.from(`\ufeff${JSON.stringify(VALID)}`), 'tct03.utf8'],
    ['an array', Buffer.from('[]'), 'tct03.not-object'],
    [
      '65 levels of nesting',
      Buffer.from(`{"a":${'['.repeat(64)}${']'.repeat(64)}}`),
      'tct03.limit',
    ],
    [
      'a 16 KiB + 1 member name',
      Buffer.from(JSON.stringify({ ...VALID, ['k'.repeat(16_385)]: 1 })),
      'tct03.limit',
    ],
  ])('refuses %s before looking at members', (_name, bytes, code) => {
    expect(codeOf(() => readTct03MUrl(bytes))).toBe(code);
  });

  it('refuses a body over the 16 MiB identity cap without parsing it', () => {
    const big = Buffer.alloc(TCT_03.limits.maxIdentityBytes! + 1, 0x20);
    expect(codeOf(() => readTct03MUrl(big))).toBe('tct03.size');
  });

  it('never throws anything but a Tct03DocumentError, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.uint8Array()), (input) => {
        try {
          checkTct03MUrl(JSON.parse(JSON.stringify(input)));
          readTct03MUrl(typeof input === 'string' ? input : Buffer.from(input));
        } catch (error) {
          return error instanceof Tct03DocumentError;
        }
        return true;
      }),
      propertyRuns(300),
    );
  });
});
