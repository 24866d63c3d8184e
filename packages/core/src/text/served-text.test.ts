import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { sanitizeServedText, unservableTextProblem } from './served-text';

/** What may never be served: C0 but tab and LF, DEL, C1, bidi embeddings/overrides/isolates. */
const FORBIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Strings rich in what the rule is about, beside ordinary text. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\f', '\u007f', '\u0085', '\u009b'),
    fc.constantFrom('\u202a', '\u202e', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c'),
    fc.constantFrom('\ud800', '\udfff', '\ud83d\ude00', 'a', 'é', ' ', 'ש'),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
  maxLength: 40,
});

describe('served text', () => {
  it('takes out controls, bidirectional overrides and isolates, and line ends become LF', () => {
    expect(sanitizeServedText('\ud800\u0000\u202e<x>')).toBe('\ufffd<x>');
    expect(sanitizeServedText('a\r\nb\rc\nd\te')).toBe('a\nb\nc\nd\te');
    expect(sanitizeServedText('\u2066isolated\u2069 \u202aembedded\u202c')).toBe(
      'isolated embedded',
    );
    expect(sanitizeServedText('page\fbreak\u0085')).toBe('pagebreak');
    // Implicit marks stay: right-to-left text needs them, and they reorder nothing else.
    expect(sanitizeServedText('\u200fשלום\u200e')).toBe('\u200fשלום\u200e');
    expect(sanitizeServedText('😀 café')).toBe('😀 café');
  });

  it('leaves nothing it refuses, keeps what it allows, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const served = sanitizeServedText(text);
        expect(FORBIDDEN.test(served)).toBe(false);
        expect(LONE.test(served)).toBe(false);
        expect(sanitizeServedText(served)).toBe(served);
        expect(unservableTextProblem(served)).toBeUndefined();
        // Clean text goes through untouched (the same string, not a copy).
        if (!FORBIDDEN.test(text) && !LONE.test(text) && !text.includes('\r'))
          expect(served).toBe(text);
      }),
      propertyRuns(500),
    );
  });

  it('names the first character a setting cannot hold', () => {
    expect(unservableTextProblem('fine\ttext\r\n')).toBeUndefined();
    expect(unservableTextProblem('a\u0000b')).toBe('has a control character (U+0000)');
    expect(unservableTextProblem('a\fb')).toBe('has a control character (U+000C)');
    expect(unservableTextProblem('\u009b')).toBe('has a control character (U+009B)');
    expect(unservableTextProblem('x\u202ey')).toBe(
      'has a bidirectional control character (U+202E), which reorders how text is shown',
    );
    expect(unservableTextProblem('\ud800')).toBe('has an unpaired surrogate (U+D800): not text');
    expect(unservableTextProblem('\udfff\u0000')).toBe(
      'has an unpaired surrogate (U+DFFF): not text',
    );
  });
});
