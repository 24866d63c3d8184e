import { acceptQuality, parseAccept, prefersMarkdown } from './negotiate-markdown';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/html;q=0.5, text/markdown;q=0.6', true],
    // Ties go to HTML, whatever the order or the specificity of the ranges that tie.
    ['text/markdown, text/html', false],
    ['text/html;q=0.5, text/markdown;q=0.500', false],
    ['text/markdown, */*', false],
    ['text/markdown;q=0.8, text/*;q=0.8', false],
  ])('%j: %s (q-values)', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it.each([
    ['*/*', false],
    ['text/*', false],
    ['text/markdown, */*;q=0.9', true],
    ['text/*;q=0.5, text/markdown', true],
    // The most specific range decides a type's q: text/html gets text/*'s 1, above 0.5.
    ['text/markdown;q=0.5, text/*', false],
    ['*/*;q=0.1, text/markdown;q=0.2', true],
  ])('%j: %s (wildcards)', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it.each([
    ['text/markdown;q=0', false],
    ['text/markdown;q=0, */*', false],
    ['text/html;q=0, text/markdown;q=0.001', true],
    ['*/*;q=0, text/markdown', true],
    ['text/html;q=0, text/markdown;q=0', false],
  ])('%j: %s (q=0 refuses a type)', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it.each([
    ['text/markdown;charset=utf-8', true],
    ['text/markdown;variant="GFM";q=0.9, text/html;q=0.8', true],
    ['text/markdown; q=0.9 ; charset=utf-8, text/html; q=0.8', true],
    // Quoted strings may hold commas, semicolons and `q=`: they belong to their parameter.
    ['text/html;note="a, text/markdown";q=0.1, text/markdown;q=0.5', true],
    ['text/markdown;note="q=0";q=0.9, text/html;q=0.2', true],
    ['text/markdown;note="x\\"y,z";q=0.9, text/html;q=0.95', false],
  ])('%j: %s (parameters)', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it.each([
    ['TEXT/MARKDOWN', true],
    ['Text/Markdown;Q=0.9, text/HTML;q=0.8', true],
    ['text/HTML, TEXT/markdown', false],
    ['  text/markdown ;q=1 ,\ttext/html;q=0.9  ', true],
  ])('%j: %s (case and whitespace)', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    [',,,'],
    ['markdown'],
    ['text/markdown;q=2'],
    ['text/markdown;q=0.5000'],
    ['text/markdown;q=.5'],
    ['text/markdown;q='],
    ['text/markdown;q=abc, text/html;q=0.1'],
    ['*/markdown'],
    ['text/markdown/extra'],
    ['text/mark down'],
    ['\u0000text/markdown'],
  ])('%j: HTML, the default, for a malformed header or member, without throwing', (accept) => {
    expect(prefersMarkdown(accept)).toBe(false);
  });

  it('reads an unterminated quoted string to the end of the field, as negotiator does', () => {
    // `text/html` is inside the quoted string of the only member, a valid text/markdown range.
    expect(parseAccept('text/markdown;x="unterminated, text/html')).toEqual([
      { type: 'text', subtype: 'markdown', q: 1 },
    ]);
    expect(prefersMarkdown('text/markdown;x="unterminated, text/html')).toBe(true);
  });
});

describe('parseAccept and acceptQuality', () => {
  it('read each valid member, lowercased, with its q-value', () => {
    const ranges = parseAccept('Text/HTML;level=1;q=0.7, text/*;Q=0.3, bad, */*;q=0.001');
    expect(ranges).toEqual([
      { type: 'text', subtype: 'html', q: 0.7 },
      { type: 'text', subtype: '*', q: 0.3 },
      { type: '*', subtype: '*', q: 0.001 },
    ]);
    expect(acceptQuality(ranges, 'text/html')).toBe(0.7);
    expect(acceptQuality(ranges, 'TEXT/Markdown')).toBe(0.3);
    expect(acceptQuality(ranges, 'image/png')).toBe(0.001);
    expect(acceptQuality([], 'text/html')).toBe(0);
  });
});
