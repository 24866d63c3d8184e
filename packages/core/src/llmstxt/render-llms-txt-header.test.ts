import { renderLlmsTxtDetails } from './render-llms-txt-header';

describe('renderLlmsTxtDetails', () => {
  it('escapes headings and setext underlines, keeps lists, quotes and thematic breaks', () => {
    expect(renderLlmsTxtDetails('Intro\n===\n\n- item\n> quote\n\n---\n\n  ## sub\n#tag')).toBe(
      'Intro\n\\===\n\n- item\n> quote\n\n---\n\n  \\## sub\n\\#tag',
    );
  });

  it('leaves fenced code alone except lines the reference parser would split at, and closes it', () => {
    expect(renderLlmsTxtDetails('```sh\n# comment\n## not a section\n')).toBe(
      '```sh\n# comment\n ## not a section\n```',
    );
  });
});
