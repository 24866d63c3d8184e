import { generateLlmsTxtIndex } from './generate-llms-txt-index';
import { inspectLlmsTxt } from './parse-llms-txt';

describe('generateLlmsTxtIndex', () => {
  it('is an llms.txt whose one section links every listed file, with its page count', () => {
    const text = generateLlmsTxtIndex(
      { name: 'Shop [EU]', summary: 'Tools\n and  more.' },
      {
        note: 'Split in parts.',
        heading: 'Parts',
        files: [
          { title: 'Part 1', url: 'https://example.com/llms-1.txt', pages: 1 },
          { title: 'Part ] 2', url: 'https://example.com/llms-2.txt', pages: 500 },
        ],
      },
    );
    const parsed = inspectLlmsTxt(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.document).toMatchObject({ title: 'Shop [EU]', summary: 'Tools and more.' });
    expect(parsed.document!.sections).toHaveLength(1);
    expect(
      parsed.document!.sections[0]!.links.map((link) => [link.title, link.url, link.notes]),
    ).toEqual([
      ['Part 1', 'https://example.com/llms-1.txt', '1 page'],
      // The reference parser reads a name up to the first `]`: ours is written as `&#93;`.
      ['Part &#93; 2', 'https://example.com/llms-2.txt', '500 pages'],
    ]);
  });
});
