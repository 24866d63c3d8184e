import { ValidationError } from '../errors';

/**
 * A publisher's AI usage preferences, in the two terms this project states (IETF AIPREF
 * vocabulary): training AI models, and search.
 */
export interface UsagePreferences {
  trainAi?: boolean;
  search?: boolean;
}

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

/** robots.txt lines: AIPREF's `Content-Usage:` and Cloudflare's `Content-Signal:`. */
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
    '',
  ];
}

/** Checks a `usage` setting, naming the bad key. */
export function validateUsagePreferences(value: unknown, field = 'usage'): UsagePreferences {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError(
      'usage.type',
      `${field} must be { trainAi?: boolean, search?: boolean }`,
      { field, value },
    );
  }
  for (const [key, member] of Object.entries(value)) {
    if (key !== 'trainAi' && key !== 'search') {
      throw new ValidationError(
        'usage.key',
        `${field}.${key} is not a usage term (trainAi, search)`,
        { field: `${field}.${key}` },
      );
    }
    if (typeof member !== 'boolean') {
      throw new ValidationError('usage.value', `${field}.${key} must be true or false`, {
        field: `${field}.${key}`,
        value: member,
      });
    }
  }
  return value as UsagePreferences;
}
