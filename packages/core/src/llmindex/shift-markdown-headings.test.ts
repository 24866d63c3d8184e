import { shiftMarkdownHeadings } from './shift-markdown-headings';

describe('shiftMarkdownHeadings', () => {
  it('demotes ATX and setext headings, caps at H6, keeps everything else byte for byte', () => {
    const source =
      '# Top\n\ntext *x*\n\nSetext\n---\n\n```\n# code\n```\n\n> # quoted\n\n##### Deep\n';
    expect(shiftMarkdownHeadings(source, 2)).toBe(
      '### Top\n\ntext *x*\n\n#### Setext\n\n```\n# code\n```\n\n> # quoted\n\n###### Deep\n',
    );
  });

  it('returns the text unchanged for a zero shift', () => {
    expect(shiftMarkdownHeadings('# a', 0)).toBe('# a');
  });
});
