import { UriError } from '../uri';
import { markdownTwinUrl } from './markdown-twin-url';

describe('markdownTwinUrl', () => {
  it.each([
    ['https://ex.com/docs/page.html', 'append', 'https://ex.com/docs/page.html.md'],
    ['https://ex.com/docs/page.html', 'replace', 'https://ex.com/docs/page.md'],
    ['https://ex.com/docs/page.HTM', 'replace', 'https://ex.com/docs/page.md'],
    ['https://ex.com/docs/page', 'append', 'https://ex.com/docs/page.md'],
    ['https://ex.com/docs/page', 'replace', 'https://ex.com/docs/page.md'],
    ['https://ex.com/docs/v1.2', 'replace', 'https://ex.com/docs/v1.2.md'],
    ['https://ex.com/docs/', 'append', 'https://ex.com/docs/index.html.md'],
    ['https://ex.com/docs/', 'replace', 'https://ex.com/docs/index.md'],
    ['https://ex.com', 'append', 'https://ex.com/index.html.md'],
    ['https://ex.com/a?lang=de#part', 'append', 'https://ex.com/a.md?lang=de'],
    ['https://ex.com/a/?x=1', 'replace', 'https://ex.com/a/index.md?x=1'],
    ['https://ex.com/readme.md', 'append', 'https://ex.com/readme.md'],
    ['HTTPS://EX.com:443/Page', 'append', 'https://ex.com/Page.md'],
  ] as const)('%s (%s) → %s', (page, style, twin) => {
    expect(markdownTwinUrl(page, style)).toBe(twin);
  });

  it('defaults to the v1 append style and rejects relative references', () => {
    expect(markdownTwinUrl('https://ex.com/a.html')).toBe('https://ex.com/a.html.md');
    expect(() => markdownTwinUrl('/relative')).toThrow(UriError);
  });
});
