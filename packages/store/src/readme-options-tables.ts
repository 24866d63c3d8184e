import type { z } from 'zod';
import { optionsOf, renderOptionsTable, replaceGeneratedTable } from '@agent-ready/core/options';
import { edgeOptionsSchema } from './edge/edge-options';
import { purgeDeliveryOptionsSchema, purgerOptionsSchema } from './edge/purger-options';
import { scpObjectStorageOptionsSchema } from './rebuild/scp-object-storage';

/** Each options table of the README: its name there and the schema it is rendered from. */
export const README_OPTION_TABLES: readonly { name: string; schema: z.ZodType }[] = [
  { name: 'edge', schema: edgeOptionsSchema },
  { name: 'scpObjectStorage', schema: scpObjectStorageOptionsSchema },
  { name: 'purgeDelivery', schema: purgeDeliveryOptionsSchema },
  ...purgerOptionsSchema.options.map((schema) => ({
    name: `purger-${schema.shape.type.value}`,
    schema: schema as z.ZodType,
  })),
];

/** The README with its options tables rendered from the schemas (every option, in order). */
export function renderReadmeOptions(markdown: string): string {
  let rendered = markdown;
  for (const { name, schema } of README_OPTION_TABLES) {
    rendered = replaceGeneratedTable(
      rendered,
      name,
      renderOptionsTable(schema, {
        headings: ['option', 'default', 'what'],
        rows: Object.keys(optionsOf(schema)).filter((key) => key !== 'type'),
        required: 'default-column',
      }),
    );
  }
  return rendered;
}
