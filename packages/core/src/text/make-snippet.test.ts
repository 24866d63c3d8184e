import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { makeSnippet, SNIPPET_CHARACTERS } from './make-snippet';

describe('makeSnippet', () => {
  const filler = 'Lorem ipsum dolor sit amet. '.repeat(20);

  it('shows the text around the first match of a term, or of its stem', () => {
    const text = `${filler}The runner crossed the line. ${filler}`;
    expect(makeSnippet(text, [['running']])).toContain('The runner crossed the line.');
    expect(makeSnippet(text, [['nothing']]).startsWith('Lorem')).toBe(true);
    expect(makeSnippet('Title\n\nShort body.', [['body']], 'Title')).toBe('Short body.');
  });

  it('stays about its length, cut at word boundaries, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), fc.string({ maxLength: 20 }), (text, word) => {
        const snippet = makeSnippet(text, word ? [[word]] : []);
        expect(snippet.length).toBeLessThanOrEqual(SNIPPET_CHARACTERS + 2);
        expect(snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      }),
      propertyRuns(300),
    );
  });

  it('folds every whitespace run to one space, as /\\s+/g does', () => {
    const whitespace = [' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\u3000', ' \n '];
    const piece = fc.oneof(fc.constantFrom(...whitespace), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        const folded = text.replace(/\s+/g, ' ').trim();
        if (folded.length <= SNIPPET_CHARACTERS) expect(makeSnippet(text, [])).toBe(folded);
      }),
      propertyRuns(300),
    );
  });
});

test('a snippet is cut where most terms occur together, not at the first one', () => {
  const filler = 'Our shop sells tools for makers and repairs. '.repeat(12);
  const text = `Lasers are mentioned here first. ${filler}The LD-50 uses a laser to measure the distance to a wall. ${filler}`;
  const snippet = makeSnippet(text, [['laser'], ['measure'], ['distance']]);
  expect(snippet).toContain('uses a laser to measure the distance');
  expect(snippet.startsWith('…')).toBe(true);
});
