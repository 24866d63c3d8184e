import { TCT_03 } from '@agent-ready/core/tct';
import { verifyMUrlRepresentation } from './verify-m-url';

const F = 'af976cac6d5c89428a724e456311081ddbf3bab73cc4de7c85119b185ffbdab8';
const GOLDEN = `{"canonical_url":"https://example.com/hello-world/","content":"Hello World","hash":"sha256-${F}","profile":"tct-1","title":"Hello World"}`;

describe('verifyMUrlRepresentation', () => {
  it('accepts the draft -00 golden vector with its ETag', () => {
    const result = verifyMUrlRepresentation(Buffer.from(GOLDEN), `"sha256-${F}"`);
    expect(result.problems).toEqual([]);
    expect(result.hash).toBe(`sha256-${F}`);
  });

  it('reports a body changed after hashing, a wrong ETag and a missing one', () => {
    const changed = Buffer.from(GOLDEN.replace('Hello World"', 'Hello there"'));
    expect(verifyMUrlRepresentation(changed, `"sha256-${F}"`).problems).toEqual([
      expect.stringMatching(/is not its recomputed hash/),
      expect.stringMatching(/the ETag .* is not the recomputed hash/),
    ]);
    expect(verifyMUrlRepresentation(Buffer.from(GOLDEN), undefined).problems).toEqual([
      'no valid ETag (undefined)',
    ]);
    expect(verifyMUrlRepresentation(Buffer.from('[1]'), undefined).problems).toEqual([
      'the body is not a JSON object',
    ]);
  });
});

describe('verifyMUrlRepresentation under draft -03', () => {
  const APPENDIX_C = `{"canonical_url":"https://example.com/post/","content":"Hello","profile":"${TCT_03.id}","title":"Example"}`;
  const ETAG = '"sha256-d5a54a6e2a2ee0f0b84592d4d6c9f5361aeea41e4cb23550f4804e3ea29eaa2c"';

  it('accepts the Appendix C body: no hash member, the ETag is the SHA-256 of the bytes', () => {
    const result = verifyMUrlRepresentation(Buffer.from(APPENDIX_C), ETAG, TCT_03);
    expect(result.problems).toEqual([]);
    expect(result.profile).toBe(TCT_03);
    expect(result.hash).toBe(ETAG.slice(1, -1));
  });

  it('reports a weak or wrong ETag, a broken -03 rule and a profile the sitemap did not list', () => {
    expect(verifyMUrlRepresentation(Buffer.from(APPENDIX_C), `W/${ETAG}`).problems).toEqual([
      expect.stringMatching(/is not the SHA-256 of the body/),
    ]);
    const spaced = APPENDIX_C.replace('/post/', '/a post/');
    expect(verifyMUrlRepresentation(Buffer.from(spaced), ETAG).problems).toEqual([
      expect.stringMatching(/^not a -03 M-URL: canonical_url/),
      expect.stringMatching(/is not the SHA-256 of the body/),
    ]);
    const golden = Buffer.from(GOLDEN);
    expect(verifyMUrlRepresentation(golden, `"sha256-${F}"`, TCT_03).problems).toEqual([
      'profile "tct-1"; the sitemap lists it as tct-03',
    ]);
  });
});
