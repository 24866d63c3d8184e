import fc from 'fast-check';
import { formatEntityTag, parseEntityTag, parseEntityTagList } from './entity-tag';

describe('entity-tags', () => {
  it('parses strong and weak tags and rejects malformed ones', () => {
    expect(parseEntityTag('"abc"')).toEqual({ weak: false, opaque: 'abc' });
    expect(parseEntityTag(' W/"abc" ')).toEqual({ weak: true, opaque: 'abc' });
    expect(parseEntityTag('abc')).toBeUndefined();
    expect(parseEntityTag('"a"b"')).toBeUndefined();
    expect(parseEntityTag('w/"abc"')).toBeUndefined();
  });

  it('parses lists, skipping members that are not entity-tags', () => {
    expect(parseEntityTagList('"a", W/"b",bogus, "c"')).toEqual([
      { weak: false, opaque: 'a' },
      { weak: true, opaque: 'b' },
      { weak: false, opaque: 'c' },
    ]);
    expect(parseEntityTagList(' * ')).toBe('*');
    expect(parseEntityTagList('')).toEqual([]);
  });

  it('round-trips any valid tag and never throws on arbitrary input', () => {
    const opaque = fc.stringMatching(/^[\x21\x23-\x7E]*$/);
    fc.assert(
      fc.property(fc.boolean(), opaque, (weak, text) => {
        const tag = { weak, opaque: text };
        expect(parseEntityTag(formatEntityTag(tag))).toEqual(tag);
        expect(parseEntityTagList(`x, ${formatEntityTag(tag)}, y`)).toEqual([tag]);
      }),
    );
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => void parseEntityTagList(text)));
  });
});
