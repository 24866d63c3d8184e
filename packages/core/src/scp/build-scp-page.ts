import { CanonicalJsonError, canonicalizeJson } from '../json';
import { checkScpBlock, ScpInvalidMember, ScpMemberChecker } from './check-scp-block';
import { normalizeScpUrl } from './check-scp-url';
import { ScpValidationError } from './scp-errors';
import { canonicalizeScpLanguageTag } from './scp-language-tag';
import { formatScpTimestamp } from './scp-timestamp';
import { SCP_DEFAULT_LIMITS, type ScpBlock, type ScpJsonObject, type ScpPage } from './scp-types';

/** What a publisher supplies for one page; `Date`s are accepted for the time members. */
export interface ScpPageInput {
  url: string;
  title: string;
  description: string;
  modified: string | Date;
  language: string;
  content: readonly unknown[];
  author?: string;
  published?: string | Date;
  canonical?: string;
  schema?: ScpJsonObject;
}

const PAGE_RULE = 'SCP v0.1 Page Object Schema';

function invalid(code: string, message: string, field: string, value?: unknown): never {
  throw new ScpValidationError(code, message, { field, value, rule: PAGE_RULE });
}

/**
 * One content block checked strictly against the spec's schema, URLs normalized, members in
 * the fixed order. Throws `ScpValidationError` naming the offending member.
 */
export function buildScpBlock(input: unknown, field = 'block'): ScpBlock {
  const check = checkScpBlock(input, field, 'strict');
  if (!check.ok) invalid(check.problem.code, check.problem.message, check.problem.field);
  return check.block;
}

function checkSchema(schema: unknown): ScpJsonObject {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    invalid('page.schema', 'schema must be a JSON object', 'schema');
  }
  try {
    canonicalizeJson(schema); // rejects what JSON cannot carry (cycles, NaN, Dates…)
  } catch (cause) {
    if (!(cause instanceof CanonicalJsonError)) throw cause;
    throw new ScpValidationError('page.schema', `schema is not plain JSON: ${cause.message}`, {
      field: `schema.${cause.field ?? ''}`,
      rule: PAGE_RULE,
      cause,
    });
  }
  return JSON.parse(JSON.stringify(schema)) as ScpJsonObject;
}

/**
 * A page in SCP form, validated exactly against the spec's page schema (plus the 1000-block
 * limit) and made deterministic: URLs normalized, times as UTC RFC 3339, the language tag in
 * canonical case, members in the fixed order. Same input, same page, same bytes.
 */
export function buildScpPage(
  input: ScpPageInput,
  options: { maxBlocksPerPage?: number } = {},
): ScpPage {
  if (typeof input !== 'object' || input === null)
    invalid('page.not_object', 'a page must be an object', '');
  const c = new ScpMemberChecker('strict');
  try {
    const url = normalizeScpUrl(input.url, 'url');
    const title = c.string(input.title, 'title');
    const description = c.string(input.description, 'description');
    const page = { url, title, description } as ScpPage;
    if (input.author !== undefined) page.author = c.string(input.author, 'author');
    if (input.published !== undefined) page.published = timestamp(input.published, 'published');
    page.modified = timestamp(input.modified, 'modified');
    const language = canonicalizeScpLanguageTag(input.language);
    if (language === undefined)
      invalid(
        'page.language',
        'language is not a BCP 47 tag the spec accepts',
        'language',
        input.language,
      );
    page.language = language;
    if (input.canonical !== undefined)
      page.canonical = normalizeScpUrl(input.canonical, 'canonical');
    if (input.schema !== undefined) page.schema = checkSchema(input.schema);
    if (!Array.isArray(input.content))
      invalid('page.content', 'content must be an array', 'content');
    const maxBlocks = options.maxBlocksPerPage ?? SCP_DEFAULT_LIMITS.maxBlocksPerPage;
    if (input.content.length === 0)
      invalid('page.content', 'content needs at least one block', 'content');
    if (input.content.length > maxBlocks) {
      invalid(
        'page.too_many_blocks',
        `content has ${input.content.length} blocks, more than ${maxBlocks}`,
        'content',
      );
    }
    page.content = input.content.map((block, i) => buildScpBlock(block, `content[${i}]`));
    return page;
  } catch (error) {
    if (error instanceof ScpInvalidMember)
      invalid(error.problem.code, error.problem.message, error.problem.field);
    throw error;
  }
}

function timestamp(value: unknown, field: string): string {
  if (typeof value !== 'string' && !(value instanceof Date))
    invalid('page.timestamp', `${field} must be a date-time`, field, value);
  return formatScpTimestamp(value, field);
}

/**
 * One page line (without the LF): compact JSON of a page from `buildScpPage`, whose member
 * order (url, title, description, author, published, modified, language, canonical, schema,
 * content; blocks as in `check-scp-block.ts`) is what makes the bytes deterministic.
 */
export function serializeScpPage(page: ScpPage): string {
  return JSON.stringify(page);
}
