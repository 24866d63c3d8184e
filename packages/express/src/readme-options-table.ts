import { renderOptionsTable, replaceGeneratedTable } from '@agent-ready/core/options';
import { agentReadyOptionsSchema } from './agent-ready-options';

/** The rows of the README's options table, in the order a reader meets them. */
export const README_OPTION_ROWS = [
  'site',
  'database',
  'tablePrefix',
  'mode',
  'mUrl',
  'tct',
  'sitemap',
  'policy',
  'llmsTxt',
  'scp',
  'llmindex',
  'robotsTxt',
  'usage',
  'protect',
  'authorize',
  'botAuth',
  'metrics',
  'mcp',
  'rateLimit',
  'pageLinks',
  'rebuild',
  'revalidateAfterMs',
  'edge',
  'scpObjectStorage',
  'notify',
  'maxDocumentBytes',
  'logger',
] as const;

/** The README with its options table rendered from the schema. */
export function renderReadmeOptions(markdown: string): string {
  return replaceGeneratedTable(
    markdown,
    'agentReady',
    renderOptionsTable(agentReadyOptionsSchema, {
      headings: ['option', 'default', 'what'],
      rows: README_OPTION_ROWS,
      required: 'default-column',
    }),
  );
}
