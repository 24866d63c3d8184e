import { createHash } from 'node:crypto';
import { ValidationError } from '../errors';
import type { JsonValue } from '../json';
import { buildMUrlRepresentation } from './build-m-url';
import { readTct03MUrl } from './read-tct03-document';
import { catalogHintOf, tctIdentityOf } from './tct-identity';
import { TCT_03 } from './tct-profile';

const GOLDEN = {
  canonicalUrl: 'https://example.com/hello-world/',
  title: 'Hello World',
  content: 'Hello World',
};

describe('buildMUrlRepresentation', () => {
  it('reproduces the draft -00 Method A golden vector', () => {
    const rep = buildMUrlRepresentation(GOLDEN);
    const F = 'af976cac6d5c89428a724e456311081ddbf3bab73cc4de7c85119b185ffbdab8';
    expect(rep.hash).toBe(`sha256-${F}`);
    expect(rep.etag).toBe(`"sha256-${F}"`);
    expect(rep.body.toString('utf8')).toBe(
      `{"canonical_url":"https://example.com/hello-world/","content":"Hello World","hash":"sha256-${F}","profile":"tct-1","title":"Hello World"}`,
    );
  });

  it('hashes the canonical body without hash, and the digest covers the bytes sent', () => {
    const rep = buildMUrlRepresentation({
      ...GOLDEN,
      language: 'en-GB',
      modified: '2025-10-01T12:34:56Z',
      structuredData: { '@type': 'Article', wordCount: 2 },
    });
    const parsed = JSON.parse(rep.body.toString('utf8'));
    const { hash, ...rest } = parsed;
    expect(hash).toBe(rep.hash);
    // Re-canonicalizing what we parsed gives the same bytes: the body is in JCS form.
    const keys = Object.keys(rest).sort();
    expect(Object.keys(parsed)).toEqual([...keys.slice(0, 3), 'hash', ...keys.slice(3)].sort());
    const recomputed = createHash('sha256')
      .update(JSON.stringify(Object.fromEntries(keys.map((k) => [k, rest[k]]))))
      .digest('hex');
    expect(rep.hash).toBe(`sha256-${recomputed}`);
    expect(rep.contentDigest).toBe(
      `sha-256=:${createHash('sha256').update(rep.body).digest('base64')}:`,
    );
  });

  it('normalizes the canonical URL it embeds', () => {
    const rep = buildMUrlRepresentation({
      ...GOLDEN,
      canonicalUrl: 'HTTPS://Example.COM:443/hello-world/',
    });
    expect(rep.canonicalUrl).toBe('https://example.com/hello-world/');
  });

  it.each([
    ['empty title', { title: ' ' }, 'title'],
    ['non-string content', { content: 42 }, 'content'],
    ['bad language', { language: 'english please' }, 'language'],
    ['bad date', { modified: '2025-02-30T00:00:00Z' }, 'modified'],
    ['array structured data', { structuredData: [1] }, 'structuredData'],
  ])('rejects %s with a field-level error', (_name, patch, field) => {
    expect(() => buildMUrlRepresentation({ ...GOLDEN, ...(patch as object) })).toThrow(
      expect.objectContaining({ field }),
    );
  });

  it('refuses a body over the size cap with a clear error', () => {
    expect(() =>
      buildMUrlRepresentation({ ...GOLDEN, content: 'x'.repeat(2000) }, { maxBytes: 1000 }),
    ).toThrow(ValidationError);
  });
});

describe('buildMUrlRepresentation under draft -03', () => {
  const APPENDIX_C =
    '{"canonical_url":"https://example.com/post/","content":"Hello","profile":"https://www.ietf.org/archive/id/draft-jurkovikj-collab-tunnel-03.html#tct-m-url-profile","title":"Example"}';
  const HEX = 'd5a54a6e2a2ee0f0b84592d4d6c9f5361aeea41e4cb23550f4804e3ea29eaa2c';

  it('reproduces the -03 Appendix C vector: 181 bytes, ETag and Content-Digest over the whole body', () => {
    const rep = buildMUrlRepresentation(
      {
        canonicalUrl: 'https://example.com/post/',
        title: 'Example',
        content: 'Hello',
        contentMediaType: null,
      },
      { profile: TCT_03 },
    );
    expect(rep.body.toString('utf8')).toBe(APPENDIX_C);
    expect(rep.body.length).toBe(181);
    expect(rep.etag).toBe(`"sha256-${HEX}"`);
    expect(rep.hash).toBe(`sha256-${HEX}`);
    expect(rep.contentDigest).toBe('sha-256=:1aVKbiou4PC4RZLU1sn1NhrupB5MsjVQ9IBOPqKeqiw=:');
    expect(catalogHintOf(rep.etag)).toBe(`sha256-${HEX}`);
    const identity = tctIdentityOf(Buffer.from(APPENDIX_C));
    expect(identity).toMatchObject({
      hash: rep.hash,
      etag: rep.etag,
      contentDigest: rep.contentDigest,
    });
  });

  it('writes lastModified and content_media_type, never hash, and reads back as -03', () => {
    const rep = buildMUrlRepresentation(
      {
        ...GOLDEN,
        language: 'en',
        modified: '2025-10-01T12:34:56Z',
        published: '2025-09-01T00:00:00Z',
      },
      { profile: TCT_03 },
    );
    const body = JSON.parse(rep.body.toString('utf8'));
    expect(body).toEqual({
      profile: TCT_03.id,
      canonical_url: 'https://example.com/hello-world/',
      title: 'Hello World',
      content: 'Hello World',
      language: 'en',
      published: '2025-09-01T00:00:00Z',
      lastModified: '2025-10-01T12:34:56Z',
      content_media_type: 'text/plain; charset=utf-8',
    });
    expect(body).not.toHaveProperty('hash');
    expect(body).not.toHaveProperty('modified');
    expect(rep.hash).toBe(`sha256-${createHash('sha256').update(rep.body).digest('hex')}`);
    expect(readTct03MUrl(rep.body)).toEqual(body);
  });

  it('refuses a bad media type and what passes the -03 JSON limits, with typed errors', () => {
    expect(() =>
      buildMUrlRepresentation({ ...GOLDEN, contentMediaType: 'text/plain;' }, { profile: TCT_03 }),
    ).toThrow(expect.objectContaining({ code: 'tct.media-type', field: 'contentMediaType' }));
    let deep: Record<string, JsonValue> = { leaf: true };
    for (let i = 0; i < 70; i++) deep = { deep };
    expect(() =>
      buildMUrlRepresentation({ ...GOLDEN, structuredData: deep }, { profile: TCT_03 }),
    ).toThrow(expect.objectContaining({ code: 'json.limit' }));
    // tct-1 has no such limit: the same document builds.
    expect(() => buildMUrlRepresentation({ ...GOLDEN, structuredData: deep })).not.toThrow();
  });

  it('caps the body at the -03 identity limit even when the caller allows more', () => {
    expect(() =>
      buildMUrlRepresentation(
        {
          ...GOLDEN,
          // Each string within the 4 MiB string cap, together over the 16 MiB body cap.
          structuredData: Object.fromEntries(
            ['a', 'b', 'c', 'd', 'e'].map((k) => [k, 'x'.repeat(4_000_000)]),
          ),
        },
        { profile: TCT_03, maxBytes: 64 * 1024 * 1024 },
      ),
    ).toThrow(/cap is 16777216/);
  });
});
