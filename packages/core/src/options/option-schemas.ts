import { z } from 'zod';
import { isLanguageTag } from '../text/language-tag';
import { unservableTextProblem } from '../text/served-text';
import { isHttpUrl } from '../uri/http-url';

/** How an option is documented: the README tables are rendered from this (renderOptionsTable). */
export interface OptionDoc {
  /** What the option does, as a sentence or two of Markdown. */
  description: string;
  /** The default as the docs state it (`on`, `1,000`, `` `llm.json` ``); none when required. */
  default?: string;
}

/** The documentation of every option schema (a registry of their own: nothing global). */
export const optionDocs = z.registry<OptionDoc>();

/**
 * A schema with its documentation. The schema is cloned first, so an adapter can describe a
 * shared option in its own words without changing the shared one's.
 */
export function documented<T extends z.ZodType>(schema: T, doc: OptionDoc): T {
  const clone = schema.clone() as T;
  optionDocs.add(clone, doc);
  return clone;
}

/** What an object calls a key it does not know, when not `unknown key` (see unknownKeyMessage). */
export const unknownKeyWording = z.registry<{ wording: string }>();

/**
 * An object of options: every key it does not declare is an error (with a "did you mean" hint,
 * see parseOptions); `typeMessage` is what a value that is no object is told.
 */
export function optionsObject<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
  typeMessage = 'must be an object',
) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'invalid_type' ? typeMessage : undefined),
  });
}

/** `false` (off) or the options of something that is on. */
export function offOr<T extends z.ZodType>(schema: T, message = 'must be an object or false') {
  return z.union([z.literal(false), schema], {
    error: (issue) => (issue.code === 'invalid_union' ? message : undefined),
  });
}

/** A safe integer from `min` to `max`; every way of missing it gets the one message. */
export function integerOption(message: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

export function booleanOption() {
  return z.boolean({ error: 'must be true or false' });
}

/**
 * A string whose characters can be served as text (text/served-text.ts): a control character, a
 * bidirectional override or an unpaired surrogate is refused, naming it, instead of being stored
 * and then served in llms.txt, robots.txt or a policy.
 */
function servableString(message: string) {
  return z.string({ error: message }).check((ctx) => {
    const problem = unservableTextProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });
}

export function stringOption(message = 'must be a string') {
  return servableString(message);
}

/** A string with something in it besides white space. */
export function nonEmptyString(message: string) {
  return servableString(message).refine((value) => value.trim() !== '', { error: message });
}

export function oneOf<const Values extends readonly [string, ...string[]]>(
  values: Values,
  message = `must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`,
) {
  return z.enum(values, { error: message });
}

/**
 * A BCP 47 language tag, by the one rule every part of agent-ready uses (`isLanguageTag`:
 * well-formed, with a 2-3 letter primary language); `message` says it in the option's terms.
 */
export function languageTagOption(message = 'must be a BCP 47 tag such as en or pt-BR') {
  return z.string({ error: message }).refine(isLanguageTag, { error: message });
}

/** An absolute http(s) URL (`isHttpUrl`), at most `maxLength` characters. */
export function httpUrlOption(message = 'must be an absolute http(s) URL', maxLength = 2000) {
  return z
    .string({ error: message })
    .refine((value) => value.length <= maxLength && isHttpUrl(value), { error: message });
}
