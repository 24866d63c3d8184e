import { createHash } from 'node:crypto';
import { strongEntityTag } from './entity-tag';
import { validatorsOfBytes, validatorsOfHash } from './representation-validators';
import { contentDigestOf } from './served-resource';

describe('representation validators', () => {
  const bytes = Buffer.from('# Hello\n\nWorld.\n', 'utf8');
  const hex = createHash('sha256').update(bytes).digest('hex');

  it('tags bytes by their SHA-256 and digests them with the same pass', () => {
    expect(validatorsOfBytes(bytes)).toEqual({
      hash: `sha256-${hex}`,
      etag: `"sha256-${hex}"`,
      contentDigest: contentDigestOf(bytes),
    });
  });

  it('gives the same validators from a stored hash, without the bytes', () => {
    expect(validatorsOfHash(`sha256-${hex}`)).toEqual(validatorsOfBytes(bytes));
    expect(strongEntityTag(`sha256-${hex}`)).toBe(`"sha256-${hex}"`);
    expect(() => validatorsOfHash('sha256-XYZ')).toThrow(TypeError);
  });
});
