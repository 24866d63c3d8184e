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
