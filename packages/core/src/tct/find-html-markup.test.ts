import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { findHtmlMarkup } from './find-html-markup';

describe('findHtmlMarkup', () => {
  it.each([
    ['<p>Hello</p>', '<p>'],
    ['Intro\n\n<div class="x">body</div>', '<div class="x">'],
    ['line<br/>break', '<br/>'],
    ['a <A HREF="/x">link</A>', '<A HREF="/x">'],
    ['end </strong>', '</strong>'],
    ['<!-- wp:paragraph --> text', '<!-- wp:paragraph -->'],
    ['<!DOCTYPE html>', '<!DOCTYPE html>'],
    ['text <name> then <p>', '<p>'],
  ])('finds the markup in %j', (text, markup) => {
    expect(findHtmlMarkup(text)).toBe(markup);
  });

  it.each([
    'Plain text.',
    'Use List<String> and Map<K, V> in Java.',
    'Replace <name> with yours; 3 < 4 > 2.',
    'An arrow -> and <- and <=> too.',
    'Email <someone@example.com>',
    '&lt;p&gt; is how an escaped tag reads',
  ])('leaves plain text alone: %j', (text) => {
    expect(findHtmlMarkup(text)).toBeUndefined();
  });

  it('never throws and only returns text found in the input', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const found = findHtmlMarkup(text);
        return found === undefined || text.includes(found.replace(/\.\.\.$/, ''));
      }),
      propertyRuns(1000),
    );
  });
});
