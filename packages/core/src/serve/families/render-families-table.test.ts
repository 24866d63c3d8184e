import { join } from 'node:path';
import { checkGeneratedReadme } from '@agent-ready/test-support';
import { replaceGeneratedTable } from '../../options/render-options-table';
import { ANSWER_POLICIES } from './answer-policies';
import { ENDPOINT_FAMILIES } from './registry';
import { renderAnswersTable, renderFamiliesTable } from './render-families-table';

const PAGE = join(__dirname, '..', '..', '..', '..', '..', 'docs', 'endpoint-families.md');

/** The page with both generated tables rendered anew from the registry. */
function renderPage(markdown: string): string {
  const families = replaceGeneratedTable(
    markdown,
    'families',
    renderFamiliesTable(ENDPOINT_FAMILIES),
    'generated-table',
  );
  return replaceGeneratedTable(
    families,
    'answers',
    renderAnswersTable(ANSWER_POLICIES),
    'generated-table',
  );
}

describe('docs/endpoint-families.md', () => {
  it('has a row for each form of every family, with the headers its policy declares', () => {
    const table = renderFamiliesTable(ENDPOINT_FAMILIES);
    const rows = table.split('\n').slice(2);
    const forms = ENDPOINT_FAMILIES.flatMap((family) => Object.keys(family.headers.forms));
    expect(rows).toHaveLength(forms.length);
    for (const family of ENDPOINT_FAMILIES)
      expect(table).toContain(`[${family.name}](../packages/core/src/serve/families/`);
    expect(table).toContain(
      '`public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform`',
    );
    expect(table).toContain("no: robots.txt states the site's preferences in its body");
  });

  it('is the page the registry renders (regenerate: npm --prefix packages/core run docs:families)', () => {
    checkGeneratedReadme(PAGE, renderPage, 'npm --prefix packages/core run docs:families');
  });
});
