import { LlmindexValidationError } from './llmindex-errors';
import {
  LLMINDEX_AVAILABILITY,
  type LlmindexProblem,
  type LlmindexProductLine,
  type LlmindexValidationResult,
} from './llmindex-types';
import { isJsonObject, LlmindexProblemCollector, member } from './collect-llmindex-problems';

export const LLMINDEX_PRODUCT_LINE_FIELDS = [
  'id',
  'title',
  'url',
  'image_url',
  'price',
  'currency',
  'price_range',
  'availability',
  'brand',
  'category',
  'updated_at',
] as const;

const CURRENCY = /^[A-Z]{3}$/;

function checkCurrency(c: LlmindexProblemCollector, value: unknown, field: string): void {
  const currency = c.string(value, field);
  if (currency !== undefined && !CURRENCY.test(currency)) {
    c.error(field, 'currency', `${field} must be an ISO 4217 code such as EUR`, currency);
  }
}

function checkAmount(
  c: LlmindexProblemCollector,
  value: unknown,
  field: string,
): number | undefined {
  const amount = c.number(value, field);
  if (amount !== undefined && amount < 0) {
    c.error(field, 'range', `${field} must not be negative`, amount);
    return undefined;
  }
  return amount;
}

/** Check every §5 rule for one feed line into `c`. */
export function collectLlmindexProductLineProblems(
  c: LlmindexProblemCollector,
  value: unknown,
): void {
  if (!isJsonObject(value)) {
    c.error('', 'type', 'a products.jsonl line is a JSON object', value);
    return;
  }
  c.unknownFields(
    value,
    '',
    LLMINDEX_PRODUCT_LINE_FIELDS,
    (key) => `${key} is not a field of a products.jsonl line`,
  );
  c.text(c.present(value, 'id', 'id'), 'id');
  c.text(c.present(value, 'title', 'title'), 'title');
  c.url(c.present(value, 'url', 'url'), 'url', 'recommended');
  c.url(member(value, 'image_url'), 'image_url', 'recommended');
  c.string(member(value, 'brand'), 'brand');
  c.string(member(value, 'category'), 'category');
  c.dateTime(c.present(value, 'updated_at', 'updated_at'), 'updated_at');
  const availability = c.string(c.present(value, 'availability', 'availability'), 'availability');
  if (
    availability !== undefined &&
    !(LLMINDEX_AVAILABILITY as readonly string[]).includes(availability)
  ) {
    c.error(
      'availability',
      'enum',
      `availability must be one of ${LLMINDEX_AVAILABILITY.join(', ')}`,
      availability,
    );
  }

  // §5: price+currency, or price_range, must be present; both is fine (DECISIONS §3).
  const price = member(value, 'price');
  const currency = member(value, 'currency');
  const range = member(value, 'price_range');
  checkAmount(c, price, 'price');
  checkCurrency(c, currency, 'currency');
  if (price !== undefined && currency === undefined)
    c.error('currency', 'missing', 'currency is required with price');
  if (currency !== undefined && price === undefined)
    c.error('price', 'missing', 'price is required with currency');
  if (price === undefined && currency === undefined && range === undefined) {
    c.error('', 'price_required', 'a line needs price and currency, or price_range (§5)');
  }
  const priceRange = c.object(range, 'price_range');
  if (priceRange) {
    const min = checkAmount(c, c.present(priceRange, 'min', 'price_range.min'), 'price_range.min');
    const max = checkAmount(c, c.present(priceRange, 'max', 'price_range.max'), 'price_range.max');
    checkCurrency(
      c,
      c.present(priceRange, 'currency', 'price_range.currency'),
      'price_range.currency',
    );
    if (min !== undefined && max !== undefined && min > max) {
      c.error('price_range', 'range', 'price_range.min must not exceed price_range.max');
    }
  }
}

/** Strict validation of one `products.jsonl` line (§5). Never throws. */
export function validateLlmindexProductLine(
  value: unknown,
): LlmindexValidationResult<LlmindexProductLine> {
  const c = new LlmindexProblemCollector();
  collectLlmindexProductLineProblems(c, value);
  return c.result(value);
}

/** `validateLlmindexProductLine`, throwing `LlmindexValidationError`. */
export function assertLlmindexProductLine(value: unknown): LlmindexProductLine {
  const result = validateLlmindexProductLine(value);
  if (!result.valid) throw new LlmindexValidationError('products.jsonl line', result.problems);
  return result.value!;
}

/** A feed problem, with the 1-based line it was found on. */
export interface LlmindexFeedProblem extends LlmindexProblem {
  line: number;
}

export interface LlmindexFeedValidationResult {
  valid: boolean;
  /** Non-blank lines read. */
  lineCount: number;
  problems: LlmindexFeedProblem[];
  warnings: LlmindexFeedProblem[];
}

/**
 * Validate a whole `products.jsonl` text: each non-blank line is JSON and a valid §5 line, and
 * ids are unique. Stops collecting after `maxProblems` (default 1000). Never throws.
 */
export function validateLlmindexProductFeed(
  text: string,
  options: { maxProblems?: number } = {},
): LlmindexFeedValidationResult {
  const maxProblems = options.maxProblems ?? 1000;
  const problems: LlmindexFeedProblem[] = [];
  const warnings: LlmindexFeedProblem[] = [];
  const ids = new Map<string, number>();
  let lineCount = 0;
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (let index = 0; index < lines.length && problems.length < maxProblems; index++) {
    const source = lines[index]!.replace(/\r$/, '');
    if (source.trim() === '') continue;
    lineCount += 1;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      problems.push({ line, field: '', code: 'json', message: 'the line is not JSON' });
      continue;
    }
    const c = new LlmindexProblemCollector();
    collectLlmindexProductLineProblems(c, value);
    problems.push(...c.problems.map((p) => ({ line, ...p })));
    warnings.push(...c.warnings.map((p) => ({ line, ...p })));
    const id = isJsonObject(value) ? member(value, 'id') : undefined;
    if (typeof id === 'string') {
      const first = ids.get(id);
      if (first !== undefined) {
        problems.push({
          line,
          field: 'id',
          code: 'duplicate',
          message: `id already used on line ${first}`,
          value: id,
        });
      } else ids.set(id, line);
    }
  }
  return {
    valid: problems.length === 0,
    lineCount,
    problems: problems.slice(0, maxProblems),
    warnings,
  };
}
