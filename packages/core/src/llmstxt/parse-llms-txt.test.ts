import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { LlmsTxtParseError } from './llmstxt-errors';
import { inspectLlmsTxt, parseLlmsTxt } from './parse-llms-txt';

// The shape of the format's own example (llmstxt.org "Example").
const SAMPLE = `# FastHTML

> FastHTML is a python library which brings together Starlette, Uvicorn, HTMX, and fastcore's \`FT\` "FastTags" into a library for creating server-rendered hypermedia applications.

Important notes:

- Although parts of its API are inspired by FastAPI, it is *not* compatible with FastAPI syntax

## Docs

- [FastHTML quick start](https://fastht.ml/docs/tutorials/quickstart_for_web_devs.html.md): A brief overview of many FastHTML features
- [HTMX reference](https://raw.githubusercontent.com/path/reference.md): Brief description of all HTMX attributes

## Optional

- [Starlette full documentation](https://gist.githubusercontent.com/path/starlette-sml.md)
`;

describe('parseLlmsTxt', () => {
  it('reads title, summary, info and sections of links like the reference parser', () => {
    const parsed = parseLlmsTxt(SAMPLE);
    expect(parsed.title).toBe('FastHTML');
    expect(parsed.summary).toMatch(/^FastHTML is a python library .* applications\.$/);
    expect(parsed.info).toBe(
      'Important notes:\n\n- Although parts of its API are inspired by FastAPI, it is *not* compatible with FastAPI syntax',
    );
    expect(parsed.sections.map((s) => s.name)).toEqual(['Docs', 'Optional']);
    expect(parsed.sections[0]!.links).toEqual([
      {
        title: 'FastHTML quick start',
        url: 'https://fastht.ml/docs/tutorials/quickstart_for_web_devs.html.md',
        notes: 'A brief overview of many FastHTML features',
        line: 11,
      },
      {
        title: 'HTMX reference',
        url: 'https://raw.githubusercontent.com/path/reference.md',
        notes: 'Brief description of all HTMX attributes',
        line: 12,
      },
    ]);
    expect(parsed.sections[1]!.links[0]).toEqual({
      title: 'Starlette full documentation',
      url: 'https://gist.githubusercontent.com/path/starlette-sml.md',
      line: 16,
    });
  });

  it('accepts a file with only an H1, and a summary without info, CRLF and a BOM', () => {
    expect(parseLlmsTxt('# Only\n')).toEqual({ title: 'Only', sections: [] });
    expect(parseLlmsTxt('\uFEFF# T\r\n\r\n> S\r\n')).toEqual({
      title: 'T',
      summary: 'S',
      sections: [],
    });
  });

  it('rejects a non-link line inside a section, naming the line', () => {
    const text = '# T\n\n## Docs\n\n- [a](https://a.example/)\nSome prose\n';
    expect(() => parseLlmsTxt(text)).toThrow(LlmsTxtParseError);
    const { problems, document } = inspectLlmsTxt(text);
    expect(problems).toEqual([expect.objectContaining({ code: 'not_a_link_item', line: 6 })]);
    expect(document.sections[0]!.links).toHaveLength(1);
  });

  it.each([
    ['an H3 inside a section', '# T\n## A\n### Sub\n- [a](u)\n', 'not_a_link_item', 3],
    ['an H3 in the info block', '# T\n> s\n### Sub\ntext\n## A\n', 'heading_in_info', 3],
    ['a second H1', '# T\n> s\n# Again\n', 'heading_in_info', 3],
    ['text after a link other than notes', '# T\n## A\n- [a](u) - desc\n', 'not_a_link_item', 3],
    ['a star bullet', '# T\n## A\n* [a](u)\n', 'not_a_link_item', 3],
    ['a name containing ]', '# T\n## A\n- [a\\]b](u)\n', 'not_a_link_item', 3],
    ['a repeated section', '# T\n## A\n## A\n', 'duplicate_section', 3],
    ['an empty section name', '# T\n##\n', 'empty_section_name', 2],
    ['a missing H1', '> s\n## A\n', 'missing_title', 1],
    ['an H2 first', '## A\n', 'missing_title', 1],
    ['an empty file', '', 'missing_title', 1],
  ])('reports %s', (_name, text, code, line) => {
    const { problems } = inspectLlmsTxt(text);
    expect(problems[0]).toEqual(expect.objectContaining({ code, line }));
    try {
      parseLlmsTxt(text);
      throw new Error('expected LlmsTxtParseError');
    } catch (error) {
      expect(error).toBeInstanceOf(LlmsTxtParseError);
      expect((error as LlmsTxtParseError).code).toBe(`llmstxt.${code}`);
    }
  });

  it('ignores headings inside fenced code in the info block', () => {
    expect(parseLlmsTxt('# T\n\n```md\n# not a heading\n```\n').info).toBe(
      '```md\n# not a heading\n```',
    );
  });

  it('never throws from inspectLlmsTxt, and parseLlmsTxt throws only LlmsTxtParseError', () => {
    const lineArb = fc.oneof(
      fc.string(),
      fc.constantFrom('# T', '## S', '### H', '> q', '- [a](b): c', '- [a](b)', '```', ''),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const text = lines.join('\n');
        const { document, problems } = inspectLlmsTxt(text);
        expect(Array.isArray(document.sections)).toBe(true);
        try {
          parseLlmsTxt(text);
          expect(problems).toEqual([]);
        } catch (error) {
          expect(error).toBeInstanceOf(LlmsTxtParseError);
        }
      }),
      propertyRuns(300),
    );
  });
});
