import { readFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';
import { isAgentReadyError } from '../../src/errors';
import type { ContentTree } from '../../src/content/content-tree';

/** Test-only helpers shared by the content tests (not exported from the package). */

export function readFixture(name: string): string {
  return readFileSync(join(__dirname, '..', '__fixtures__', 'content', name), 'utf8');
}

/** Runs `parse`; an AgentReadyError is an acceptable outcome, anything else fails the test. */
export function parseOrTypedError<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    if (isAgentReadyError(error)) return undefined;
    throw error;
  }
}

/** The error `run` throws (fails the test when it does not throw). */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error to be thrown');
}

/** Every string a renderer may legitimately copy into its output. */
export function treeStrings(tree: ContentTree): string[] {
  const out: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(tree);
  return out;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/**
 * Whether `output` has more `<` or `>` than all the tree's strings together: a renderer that
 * adds none cannot have added a tag.
 */
export function addsAngleBrackets(output: string, tree: ContentTree): boolean {
  const source = treeStrings(tree).join('');
  return count(output, '<') > count(source, '<') || count(output, '>') > count(source, '>');
}

/** Source text biased towards Markdown and HTML syntax, with some arbitrary code units. */
export const markupSource: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          ...'abc1 \n\n*_`~[]()<>!#-+=|:\\&;/."\''.split(''),
          '  ',
          '    ',
          '\t',
          '- ',
          '1. ',
          '> ',
          '```',
          '| a |',
          '|---|',
          '<div>',
          '</div>',
          '<p>',
          '<li>',
          '<b>',
          '</b>',
          '<img src="x.png" alt="a">',
          '<script>',
          '</script>',
          '<pre>',
          '<table><tr><td>',
          'https://x.io',
          'www.x.io',
          'a@b.io',
          '&amp;',
          '&#65;',
          '&lt;b&gt;',
          '\u00A0',
          '😀',
          '<br>',
          '<video src="v.mp4">',
          '[a](b)',
          '![i](j)',
          '<!-- c -->',
          '***',
          '~~',
          '\r\n',
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));
