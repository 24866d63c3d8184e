import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import he from 'he';
import { decodeHtmlEntities } from './decode-html-entities';

describe('decodeHtmlEntities', () => {
  it.each([
    ['&amp; &lt;&gt; &quot; &#39;', '& <> " \''],
    ['caf&eacute;&mdash;', 'café—'],
    ['&notit; &AMP &ampx', '¬it; & &x'], // legacy names without ";" decode in text
    ['&#x80;&#150;', '€–'], // windows-1252 remapping of 0x80-0x9F
    ['&#0;&#xD800;&#x110000;', '\uFFFD\uFFFD\uFFFD'],
    ['&#x1F600;&#128512', '\u{1F600}\u{1F600}'],
    ['&bogus; & &#; &#x; Q&A', '&bogus; & &#; &#x; Q&A'],
    ['no references', 'no references'],
  ])('%j → %j', (input, expected) => {
    expect(decodeHtmlEntities(input)).toBe(expected);
  });

  it('decodes once, not recursively', () => {
    expect(decodeHtmlEntities('&amp;amp;')).toBe('&amp;');
  });

  it('decodes span by span exactly as he.decode does on the whole text', () => {
    const piece = fc.oneof(
      fc.constantFrom('&', '#', 'x', 'X', ';', '=', ' ', '&#', '&#x', '&amp', 'not', 'noti', 'in'),
      fc.constantFrom('lt', 'gt', 'nbsp', 'eacute', 'Eacute', 'mdash', 'NotNestedGreaterGreater'),
      fc.stringMatching(/^[0-9a-fA-F]{1,8}$/),
      fc.string({ unit: 'binary', maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('');
        expect(decodeHtmlEntities(text)).toBe(he.decode(text));
      }),
      propertyRuns(3000),
    );
  });

  it('stays exact past its cache of decoded spans, and for very long spans', () => {
    const many = Array.from({ length: 5000 }, (_, k) => `&#${k};&#x${k.toString(16)}`).join(' ');
    expect(decodeHtmlEntities(many)).toBe(he.decode(many));
    const long = `&#${'0'.repeat(100_000)}65;`;
    expect(decodeHtmlEntities(long)).toBe('A');
  });
});
