import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { marked } from 'marked';
import {
  escapeMarkdownHeading,
  escapeMarkdownLine,
  escapeMarkdownText,
  markdownLinkDestination,
} from './escape-markdown';

/** What a CommonMark reader shows: render, strip tags, decode the few entities marked emits. */
function renderedText(markdown: string): string {
  return marked
    .parse(markdown, { async: false })
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

describe('Markdown escaping of plain text', () => {
  it.each([
    '*not emphasis* and _this_',
    '# not a heading',
    '> not a quote',
    '- not a list',
    '1. not ordered',
    '[not](a link)',
    '`not code`',
    '<b>not html</b>',
    'AT&amp;T stays literal',
    'price 19.99 (incl. VAT) | 100% ~~no strike~~',
    'back\\slash',
  ])('%s reads back as the same text', (text) => {
    expect(renderedText(escapeMarkdownLine(text))).toBe(text);
  });

  it('reads back as the same text for any mix of Markdown punctuation (fuzz)', () => {
    const unit = fc.constantFrom(...'ab 1.#*_-+>[]()`<>&;!\\|~=:/'.split(''));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 20 }), (raw) => {
        const text = raw.replace(/\s+/g, ' ').trim();
        expect(renderedText(escapeMarkdownLine(text))).toBe(text);
      }),
      propertyRuns(500),
    );
  });

  it('keeps numbers and ordinary punctuation readable', () => {
    expect(escapeMarkdownLine('Tent (2 persons), 19.99 EUR!')).toBe('Tent (2 persons), 19.99 EUR!');
  });

  it('keeps paragraphs of multi-line text and drops indentation that would make code', () => {
    expect(escapeMarkdownText('  # One\r\n    two\n\n\n\n- three')).toBe(
      '\\# One\ntwo\n\n\\- three',
    );
  });

  it('escapes a closing # sequence in a heading', () => {
    expect(renderedText(`## ${escapeMarkdownHeading('C# #')}`)).toBe('C# #');
  });

  it('percent-encodes what would end a link destination early', () => {
    expect(markdownLinkDestination('https://x/a_(b) c\u00a0')).toBe(
      'https://x/a_%28b%29%20c%C2%A0',
    );
  });
});
