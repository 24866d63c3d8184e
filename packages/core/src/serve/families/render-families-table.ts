import { renderMarkdownTable } from '../../options/render-options-table';
import { TCT_03, TCT_1 } from '../../tct/tct-profile';
import type { AnswerPolicy } from './answer-policies';
import type { EndpointFamily, FamilySwitch } from './endpoint-family';
import type { CacheControlRule, ContentUsageRule } from './header-policy';

/**
 * The tables of docs/endpoint-families.md, rendered from the registry (`pnpm --filter
 * @agent-ready/core docs:families` writes them; a test fails when the page is stale): every
 * family with its paths, how it is made, its Content-Type and the headers of each form of its
 * responses; then the answers that are no family's.
 */

/** Where the families live, from docs/. */
const SOURCE = '../packages/core/src/serve/families';

const code = (text: string) => `\`${text}\``;

function cacheControlCell(rule: CacheControlRule): string {
  if (typeof rule === 'string') return code(rule);
  const [tct1, tct03] = [TCT_1[rule.fromProfile], TCT_03[rule.fromProfile]];
  const values = tct1 === tct03 ? code(tct1) : `${code(tct1)} (-03: ${code(tct03)})`;
  return `${values}: the TCT profile's \`${rule.fromProfile}\``;
}

function contentUsageCell(rule: ContentUsageRule | 'family'): string {
  if (rule === 'family') return "the family's";
  if (rule.applies === false) return `no: ${rule.because}`;
  return rule.applies === 'document'
    ? "yes: the document's terms over the site's"
    : "yes: the site's";
}

function switchCell(enabledBy: FamilySwitch): string {
  if (enabledBy.always) return enabledBy.option ? `always (${code(enabledBy.option)})` : 'always';
  return `${code(enabledBy.option)}, ${enabledBy.default} by default`;
}

/** One row per response form of each family; the family's own columns on its first row. */
export function renderFamiliesTable(families: readonly EndpointFamily[]): string {
  const rows = families.flatMap((family) =>
    Object.values(family.headers.forms).map((form, index) => {
      const first = index === 0;
      return [
        first ? `[${family.name}](${SOURCE}/${family.name}/index.ts)` : '',
        first ? family.paths.join(', ') : '',
        first ? family.serving : '',
        first ? switchCell(family.enabledBy) : '',
        first ? family.contentType : '',
        form.label,
        cacheControlCell(form.cacheControl),
        form.vary ? code(form.vary) : 'none',
        first ? contentUsageCell(family.headers.contentUsage) : '',
        first ? family.headers.sharedCache.summary : '',
      ];
    }),
  );
  return renderMarkdownTable(
    [
      'family',
      'paths',
      'made',
      'on',
      'Content-Type',
      'response',
      'Cache-Control',
      'Vary',
      'Content-Usage',
      'shared caches',
    ],
    rows,
  );
}

/** The answers that are no family's own (answer-policies.ts). */
export function renderAnswersTable(answers: readonly AnswerPolicy[]): string {
  return renderMarkdownTable(
    ['answer', 'Cache-Control', 'Vary', 'Content-Usage'],
    answers.map((answer) => [
      answer.label,
      answer.cacheControl ? code(answer.cacheControl) : "the app's",
      answer.vary ?? 'none',
      contentUsageCell(answer.contentUsage),
    ]),
  );
}
