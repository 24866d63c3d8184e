import { optionsOf, renderOptionsTable, replaceGeneratedTable } from '@agent-ready/core/options';
import { agentReadyOptionsSchema } from './agent-ready-options';

/** The README with its options table rendered from the schema: every option, as declared. */
export function renderReadmeOptions(markdown: string): string {
  return replaceGeneratedTable(
    markdown,
    'agentReady',
    renderOptionsTable(agentReadyOptionsSchema, {
      headings: ['option', 'default', 'what'],
      rows: Object.keys(optionsOf(agentReadyOptionsSchema)),
      required: 'default-column',
    }),
  );
}
