import { collectionUrlRefusal, MAX_COLLECTION_ORIGINS } from './collection-url-refusal';

const SITE = 'https://shop.example';
const refusal = (url: string, allowed?: readonly string[], followed = new Set<string>()) =>
  collectionUrlRefusal(url, SITE, followed, allowed);

describe('collectionUrlRefusal', () => {
  it('follows the site itself and a public https bucket', () => {
    expect(refusal('https://shop.example/scp/blog.scp.gz')).toBeUndefined();
    expect(refusal('https://bucket.storage.example/scp/blog.scp.gz')).toBeUndefined();
  });

  it('refuses credentials in the URL, other schemes and plain http from an https site', () => {
    expect(refusal('https://key:secret@bucket.storage.example/a.scp.gz')).toBe(
      'carries credentials in the URL',
    );
    expect(refusal('https://key@shop.example/a.scp.gz')).toBe('carries credentials in the URL');
    expect(refusal('file:///etc/passwd')).toBe('not an http(s) URL');
    expect(refusal('not a url')).toBe('not an absolute URL');
    expect(refusal('http://bucket.storage.example/a.scp.gz')).toBe('plain http from an https site');
  });

  it('refuses loopback and private addresses a public site is not on', () => {
    for (const host of [
      '127.0.0.1',
      'localhost',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '[::1]',
      '[fd00::1]',
    ]) {
      expect(refusal(`https://${host}/a.scp.gz`)).toMatch(/loopback or private address/);
    }
    // A site on a private network may keep its bucket there too.
    expect(
      collectionUrlRefusal('http://10.0.0.9:9000/a.scp.gz', 'http://10.0.0.5', new Set()),
    ).toBeUndefined();
  });

  it('keeps to the origins listed, and to a few other origins per run', () => {
    expect(refusal('https://bucket.storage.example/a', ['https://cdn.example'])).toMatch(
      /collectionOrigins does not list/,
    );
    expect(refusal('https://shop.example/a', [])).toBeUndefined();
    const followed = new Set<string>();
    for (let i = 0; i < MAX_COLLECTION_ORIGINS; i++)
      expect(refusal(`https://b${i}.storage.example/a`, undefined, followed)).toBeUndefined();
    expect(refusal('https://b0.storage.example/other', undefined, followed)).toBeUndefined();
    expect(refusal('https://one-more.storage.example/a', undefined, followed)).toBe(
      `more than ${MAX_COLLECTION_ORIGINS} other origins`,
    );
  });
});
