import { createHash } from 'node:crypto';
import { ValidationError } from '../errors';
import { buildMUrlRepresentation } from './build-m-url';

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
