import type { z } from 'zod';
import { OptionsValidationError, type OptionProblem } from '../errors';
import { formatFieldPath } from './format-field-path';
import { unknownKeyWording } from './option-schemas';
import { unknownKeyMessage } from './suggest-known-key';

export interface ParseOptionsSettings {
  /** What the error calls the whole (`agent-ready options`, `agent-ready settings`). */
  subject?: string;
  /** What a top-level key nobody declares is called; nested ones are `unknown key`s. */
  unknownTopLevelKey?: string;
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** The keys an object schema declares, and how it calls the others, by the value it refused. */
type KnownKeys = Map<unknown, { known: string[]; wording?: string }>;

interface Found extends OptionProblem {
  path: Path;
  unknown?: boolean;
}

/** What a value of the wrong type is told when its schema says nothing of its own. */
const EXPECTED: Readonly<Record<string, string>> = {
  string: 'must be a string',
  number: 'must be a number',
  int: 'must be an integer',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  record: 'must be an object',
};

const isPrimitive = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A union member that refused the value itself (not one of its fields): it was not meant. */
const refusedAtRoot = (issues: readonly Issue[]) =>
  issues.some(
    (issue) =>
      issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value'),
  );

function collect(
  issues: readonly Issue[],
  base: Path,
  known: KnownKeys,
  settings: ParseOptionsSettings,
  found: Found[],
): void {
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      const object = known.get(issue.input);
      const wording =
        object?.wording ??
        (path.length === 0 ? (settings.unknownTopLevelKey ?? 'unknown key') : 'unknown key');
      for (const key of issue.keys) {
        found.push({
          path: [...path, key],
          field: formatFieldPath([...path, key]),
          message: unknownKeyMessage(key, object?.known ?? [], wording),
          unknown: true,
        });
      }
      continue;
    }
    if (issue.code === 'invalid_key') {
      // A record's key: what its schema says of it, not zod's "Invalid key in record".
      found.push({
        path,
        field: formatFieldPath(path),
        message: issue.issues[0]?.message ?? issue.message,
      });
      continue;
    }
    if (issue.code === 'invalid_union') {
      // `false | { … }`: the value is an object, so what is wrong is inside the object.
      const meant = issue.errors.filter((branch) => !refusedAtRoot(branch));
      if (meant.length === 1 && !('discriminator' in issue)) {
        collect(meant[0]!, path, known, settings, found);
        continue;
      }
      // No member has the discriminator's value: the whole value is wrong, not the key.
      if ('discriminator' in issue) path.pop();
    }
    found.push({
      path,
      field: formatFieldPath(path),
      message: issue.message,
      ...('input' in issue && isPrimitive(issue.input) ? { value: issue.input } : {}),
    });
  }
}

const startsWith = (path: Path, prefix: Path) => prefix.every((segment, i) => path[i] === segment);

/**
 * Every problem, unknown keys first within their object (what a reader checks first: a
 * misspelt key explains the missing value), the same field and message once.
 */
function ordered(found: readonly Found[]): OptionProblem[] {
  const result: Found[] = [];
  for (const problem of found) {
    const parent = problem.unknown ? problem.path.slice(0, -1) : undefined;
    // Before the first problem inside the same object, after the unknown keys already there.
    const at = parent
      ? result.findIndex(
          (earlier) =>
            startsWith(earlier.path, parent) &&
            !(earlier.unknown && earlier.path.length === parent.length + 1),
        )
      : -1;
    if (result.some((p) => p.field === problem.field && p.message === problem.message)) continue;
    if (at === -1) result.push(problem);
    else result.splice(at, 0, problem);
  }
  return result.map(({ field, message, value }) => ({
    field,
    message,
    ...(value !== undefined ? { value } : {}),
  }));
}

/**
 * Checks `input` against an options schema: the parsed value, or every problem under its field
 * (`scp.deltaPeriod`, `contentTypes["api::a.a"].url`, `locales[0]`), an unknown key with the
 * known key it probably meant.
 */
export function checkOptions<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  settings: ParseOptionsSettings = {},
): { ok: true; value: z.output<Schema> } | { ok: false; problems: OptionProblem[] } {
  const known: KnownKeys = new Map();
  const result = schema.safeParse(input, {
    reportInput: true,
    error: (issue) => {
      if (issue.code === 'unrecognized_keys' && issue.inst) {
        const shape = (issue.inst as z.ZodObject)._zod.def.shape;
        known.set(issue.input, {
          known: Object.keys(shape),
          wording: unknownKeyWording.get(issue.inst as z.ZodType)?.wording,
        });
      }
      return issue.code === 'invalid_type' ? EXPECTED[issue.expected] : undefined;
    },
  });
  if (result.success) return { ok: true, value: result.data };
  const found: Found[] = [];
  collect(result.error.issues, [], known, settings, found);
  return { ok: false, problems: ordered(found) };
}

/** `checkOptions` that throws an OptionsValidationError naming every problem. */
export function parseOptions<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  settings: ParseOptionsSettings = {},
): z.output<Schema> {
  const checked = checkOptions(schema, input, settings);
  if (!checked.ok) throw new OptionsValidationError(checked.problems, settings.subject);
  return checked.value;
}
