import type { z } from 'zod';
import { optionDocs, type OptionDoc } from './option-schemas';

export interface OptionsTableSettings {
  /** Column headings: the option, its default, what it does. */
  headings: readonly [string, string, string];
  /** One row per option, in order, by dotted path (`site.origin`, `rebuild`). */
  rows: readonly string[];
  /**
   * Where a required option says so: in the default column (`required`) or after its name
   * (`` `site.origin` (required) ``).
   */
  required: 'default-column' | 'after-key';
}

type Schema = z.core.$ZodType;

/** The schema inside wrappers that do not change what is documented (optional, defaults, pipes). */
function inner(schema: Schema): Schema | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (def.innerType) return def.innerType as Schema;
  if (def.type === 'pipe') return def.in as Schema;
  return undefined;
}

/** The object whose keys a path goes through: `false | { … }` and `true | { … }` included. */
function objectIn(schema: Schema): z.ZodObject | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (def.type === 'object') return schema as unknown as z.ZodObject;
  if (def.type === 'union') {
    for (const option of def.options as Schema[]) {
      const object = objectIn(option);
      if (object) return object;
    }
    return undefined;
  }
  const wrapped = inner(schema);
  return wrapped ? objectIn(wrapped) : undefined;
}

/** The options an object declares, by key. */
export function optionsOf(schema: Schema): Record<string, Schema> {
  return (objectIn(schema)?.shape ?? {}) as Record<string, Schema>;
}

/** The documentation of an option, on the schema itself or on the one it wraps. */
export function optionDocOf(schema: Schema): OptionDoc | undefined {
  for (let at: Schema | undefined = schema; at; at = inner(at)) {
    const doc = optionDocs.get(at as z.ZodType);
    if (doc) return doc;
  }
  return undefined;
}

/** The option at a dotted path, and whether it is required. */
export function optionAt(schema: Schema, path: string): { schema: Schema; required: boolean } {
  let at = schema;
  let required = true;
  for (const key of path.split('.')) {
    const option = optionsOf(at)[key];
    if (!option) throw new Error(`no option ${path}`);
    at = option;
    required = at._zod.optin !== 'optional';
  }
  return { schema: at, required };
}

/** Every option of a schema (nested ones by dotted path) that has no documentation. */
export function undocumentedOptions(schema: Schema, prefix = ''): string[] {
  return Object.entries(optionsOf(schema)).flatMap(([key, option]) => [
    ...(optionDocOf(option) ? [] : [`${prefix}${key}`]),
    ...undocumentedOptions(option, `${prefix}${key}.`),
  ]);
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/**
 * A Markdown table: a row of cells per entry, pipes escaped and line breaks folded. Columns are
 * not padded: Prettier aligns them.
 */
export function renderMarkdownTable(
  headings: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  return [
    `| ${headings.join(' | ')} |`,
    `| ${headings.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/**
 * A Markdown table of options from their schema's documentation (one row per path in `rows`),
 * as the READMEs show them.
 */
export function renderOptionsTable(schema: Schema, settings: OptionsTableSettings): string {
  const rows: string[][] = [];
  for (const path of settings.rows) {
    const { schema: option, required } = optionAt(schema, path);
    const doc = optionDocOf(option);
    if (!doc) throw new Error(`option ${path} has no documentation (optionDocs)`);
    const requiredAfterKey = required && settings.required === 'after-key';
    const name = `\`${path}\`${requiredAfterKey ? ' (required)' : ''}`;
    const fallback = required && settings.required === 'default-column' ? 'required' : '';
    rows.push([name, doc.default ?? fallback, doc.description]);
  }
  return renderMarkdownTable(settings.headings, rows);
}

/**
 * `markdown` with the generated part named `name` replaced by `content`: the part between
 * `<!-- options-table: name -->` and the next `<!-- /options-table -->` (another `marker` for
 * other generated tables).
 */
export function replaceGeneratedTable(
  markdown: string,
  name: string,
  content: string,
  marker = 'options-table',
): string {
  const start = `<!-- ${marker}: ${name} -->`;
  const end = `<!-- /${marker} -->`;
  const from = markdown.indexOf(start);
  const to = from === -1 ? -1 : markdown.indexOf(end, from);
  if (to === -1) throw new Error(`no "${start}" … "${end}" section in the Markdown`);
  return `${markdown.slice(0, from + start.length)}\n\n${content}\n\n${markdown.slice(to)}`;
}
