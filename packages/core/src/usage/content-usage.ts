import type { z } from 'zod';
import { ValidationError } from '../errors';
import {
  booleanOption,
  documented,
  optionsObject,
  unknownKeyWording,
} from '../options/option-schemas';
import { checkOptions } from '../options/parse-options';

/**
 * A publisher's AI usage preferences, in the two terms this project states (IETF AIPREF
 * vocabulary): training AI models, and search. A key that is neither is refused, naming the
 * term it probably meant.
 */
export const usagePreferencesSchema = optionsObject(
  {
    trainAi: documented(booleanOption().optional(), {
      description: 'Whether AI models may be trained on the content (`train-ai`).',
    }),
    search: documented(booleanOption().optional(), {
      description: 'Whether the content may be used for search (`search`).',
    }),
  },
  'must be { trainAi?: boolean, search?: boolean }',
).register(unknownKeyWording, { wording: 'is not a usage term' });

export type UsagePreferences = z.input<typeof usagePreferencesSchema>;

function token(value: boolean): 'y' | 'n' {
  return value ? 'y' : 'n';
}

/**
 * The `Content-Usage` field value (AIPREF attachment draft): a Structured Field Dictionary
 * (RFC 9651) whose members are the vocabulary terms with the tokens `y` or `n`, e.g.
 * `train-ai=n, search=y`. Terms left unset are not stated. `undefined` when nothing is stated.
 */
export function formatContentUsage(usage: UsagePreferences | undefined): string | undefined {
  if (!usage) return undefined;
  const members: string[] = [];
  if (usage.trainAi !== undefined) members.push(`train-ai=${token(usage.trainAi)}`);
  if (usage.search !== undefined) members.push(`search=${token(usage.search)}`);
  return members.length === 0 ? undefined : members.join(', ');
}

/**
 * The `Content-Usage` a document's response carries: its own stored value (formatContentUsage
 * output) laid over the site's preferences term by term, so a content type that only says
 * `trainAi: false` still states the site's `search`.
 */
export function overlayContentUsage(
  site: UsagePreferences | undefined,
  documentValue: string | null | undefined,
): string | undefined {
  if (!documentValue) return formatContentUsage(site);
  const merged: UsagePreferences = { ...site };
  for (const member of documentValue.split(',')) {
    const [term, value] = member.trim().split('=');
    if (term === 'train-ai') merged.trainAi = value === 'y';
    else if (term === 'search') merged.search = value === 'y';
  }
  return formatContentUsage(merged);
}

/**
 * robots.txt rules: AIPREF's `Content-Usage:` and Cloudflare's `Content-Signal:`, with a comment.
 * Both are group rules: they belong in the `User-agent: *` group (robots-txt family).
 */
export function robotsUsageLines(usage: UsagePreferences | undefined): string[] {
  const value = formatContentUsage(usage);
  if (!usage || value === undefined) return [];
  const signal: string[] = [];
  if (usage.search !== undefined) signal.push(`search=${usage.search ? 'yes' : 'no'}`);
  if (usage.trainAi !== undefined) signal.push(`ai-train=${usage.trainAi ? 'yes' : 'no'}`);
  return [
    '# AI usage preferences',
    `Content-Usage: ${value}`,
    `Content-Signal: ${signal.join(', ')}`,
  ];
}

/** Checks a `usage` setting (of a site, a content type, a document), naming the bad key. */
export function validateUsagePreferences(value: unknown, field = 'usage'): UsagePreferences {
  const checked = checkOptions(usagePreferencesSchema, value);
  if (checked.ok) return checked.value;
  const [problem] = checked.problems;
  const at = problem!.field === '' ? field : `${field}.${problem!.field}`;
  throw new ValidationError('usage.invalid', `${at} ${problem!.message}`, { field: at, value });
}
