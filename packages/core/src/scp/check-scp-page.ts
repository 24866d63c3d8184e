import { checkScpBlock, type ScpCheckProblem } from './check-scp-block';
import { isScpHttpUrl } from './check-scp-url';
import { isScpLanguageTag } from './scp-language-tag';
import { isScpTimestamp } from './scp-timestamp';
import type { ScpBlock, ScpJsonObject, ScpPage } from './scp-types';

/**
 * The crawler's view of one page line (spec "Validation" and "Error Handling", DECISIONS §2):
 * - `fatal`: not an object, or a required member absent or of the wrong JSON type;
 * - `limit`: more content blocks than allowed;
 * - `skip`: an invalid page URL, or a `modified` that is not a date-time (the page cannot be
 *   identified or ordered for delta application), with a warning;
 * - `ok`: the page, with warnings for what was repaired: unknown or invalid blocks skipped,
 *   heading levels clamped, invalid optional members dropped, a non-BCP 47 language kept.
 * Unknown members are ignored (not carried into the result).
 */
export type ScpPageCheck =
  | { kind: 'ok'; page: ScpPage; warnings: ScpCheckProblem[] }
  | { kind: 'skip'; problem: ScpCheckProblem; warnings: ScpCheckProblem[] }
  | { kind: 'fatal'; problem: ScpCheckProblem }
  | { kind: 'limit'; problem: ScpCheckProblem };

export interface ScpPageCheckOptions {
  maxBlocksPerPage: number;
  /** Deepest nesting kept in `schema` (deeper is dropped: it would overflow JSON.stringify). */
  maxSchemaDepth: number;
}

const REQUIRED_STRINGS = ['url', 'title', 'description', 'modified', 'language'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nesting depth of a JSON value, walked iteratively; stops counting past `limit`. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

export function checkScpPageLine(value: unknown, options: ScpPageCheckOptions): ScpPageCheck {
  if (!isPlainObject(value)) {
    return {
      kind: 'fatal',
      problem: { code: 'page.not_object', message: 'a page line must be a JSON object', field: '' },
    };
  }
  for (const name of REQUIRED_STRINGS) {
    if (typeof value[name] !== 'string') {
      const message =
        value[name] === undefined
          ? `required page member "${name}" is missing`
          : `page member "${name}" must be a string`;
      return { kind: 'fatal', problem: { code: 'page.missing_field', message, field: name } };
    }
  }
  const content = value.content;
  if (!Array.isArray(content)) {
    const message =
      content === undefined
        ? 'required page member "content" is missing'
        : 'page member "content" must be an array';
    return { kind: 'fatal', problem: { code: 'page.missing_field', message, field: 'content' } };
  }
  if (content.length > options.maxBlocksPerPage) {
    return {
      kind: 'limit',
      problem: {
        code: 'page.too_many_blocks',
        message: `page has ${content.length} content blocks, more than ${options.maxBlocksPerPage}`,
        field: 'content',
      },
    };
  }
  const warnings: ScpCheckProblem[] = [];
  const url = value.url as string;
  if (!isScpHttpUrl(url)) {
    return {
      kind: 'skip',
      problem: {
        code: 'page.invalid_url',
        message: 'page url is not an absolute http(s) URL; page skipped',
        field: 'url',
      },
      warnings,
    };
  }
  if (!isScpTimestamp(value.modified)) {
    return {
      kind: 'skip',
      problem: {
        code: 'page.invalid_modified',
        message: 'page modified is not an RFC 3339 date-time; page skipped',
        field: 'modified',
      },
      warnings,
    };
  }
  const language = value.language as string;
  if (!isScpLanguageTag(language)) {
    warnings.push({
      code: 'page.invalid_language',
      message: 'language is not a BCP 47 tag the spec accepts; kept',
      field: 'language',
    });
  }
  const drop = (field: string, message: string): void => {
    warnings.push({ code: 'member.dropped', message: `${message}; member dropped`, field });
  };
  // Built member by member so the result has the fixed order of `serializeScpPage`.
  const page = {
    url,
    title: value.title as string,
    description: value.description as string,
  } as ScpPage;
  if (value.author !== undefined) {
    if (typeof value.author === 'string') page.author = value.author;
    else drop('author', 'author must be a string');
  }
  if (value.published !== undefined) {
    if (isScpTimestamp(value.published)) page.published = value.published;
    else drop('published', 'published is not an RFC 3339 date-time');
  }
  page.modified = value.modified;
  page.language = language;
  if (value.canonical !== undefined) {
    if (isScpHttpUrl(value.canonical)) page.canonical = value.canonical;
    else drop('canonical', 'canonical is not an absolute http(s) URL');
  }
  if (value.schema !== undefined) {
    if (!isPlainObject(value.schema)) drop('schema', 'schema must be an object');
    else if (jsonDepthExceeds(value.schema, options.maxSchemaDepth)) {
      drop('schema', `schema nests deeper than ${options.maxSchemaDepth} levels`);
    } else page.schema = value.schema as ScpJsonObject;
  }
  if (content.length === 0) {
    warnings.push({
      code: 'page.content_empty',
      message: 'content has no blocks (schema minItems 1)',
      field: 'content',
    });
  }
  const blocks: ScpBlock[] = [];
  for (let i = 0; i < content.length; i++) {
    const check = checkScpBlock(content[i], `content[${i}]`, 'lenient');
    if (check.ok) {
      blocks.push(check.block);
      for (const note of check.notes) warnings.push(note);
    } else {
      warnings.push({ ...check.problem, message: `${check.problem.message}; block skipped` });
    }
  }
  page.content = blocks;
  return { kind: 'ok', page, warnings };
}
