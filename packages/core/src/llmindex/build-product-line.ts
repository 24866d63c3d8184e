import { AgentReadyError } from '../errors';
import { resolveUri, normalizeUri } from '../uri';
import { formatRfc3339DateTime } from './is-rfc3339-date-time';
import { LlmindexValidationError } from './llmindex-errors';
import type {
  LlmindexAvailability,
  LlmindexPriceRange,
  LlmindexProblem,
  LlmindexProductLine,
} from './llmindex-types';
import { validateLlmindexProductLine } from './validate-product-line';

export interface LlmindexProductInput {
  id: string;
  title: string;
  /** Absolute, or relative to `options.baseUrl`. */
  url: string;
  imageUrl?: string;
  price?: number;
  currency?: string;
  priceRange?: LlmindexPriceRange;
  /** The §5 values, or a common spelling of them (`In Stock`, `pre-order`, schema.org URLs). */
  availability: LlmindexAvailability | string;
  brand?: string;
  category?: string;
  updatedAt: Date | string;
}

const AVAILABILITY_ALIASES: Record<string, LlmindexAvailability> = {
  instock: 'in_stock',
  available: 'in_stock',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  unavailable: 'out_of_stock',
  preorder: 'preorder',
  presale: 'preorder',
};

/** `In Stock`, `in-stock`, `https://schema.org/InStock` → `in_stock`; unknown values unchanged. */
export function normalizeLlmindexAvailability(value: string): string {
  const key = value
    .replace(/^https?:\/\/schema\.org\//i, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return Object.hasOwn(AVAILABILITY_ALIASES, key) ? AVAILABILITY_ALIASES[key]! : value;
}

function url(
  reference: string | undefined,
  base: string | undefined,
  field: string,
  problems: LlmindexProblem[],
) {
  if (reference === undefined) return undefined;
  try {
    return base === undefined ? normalizeUri(reference) : normalizeUri(resolveUri(base, reference));
  } catch (error) {
    if (!(error instanceof AgentReadyError)) throw error;
    problems.push({
      field,
      code: 'uri',
      message: `${field} is not a valid URL: ${error.message}`,
      value: reference,
    });
    return undefined;
  }
}

/**
 * One `products.jsonl` line (§5) in the spec's field order, URLs normalized; throws
 * `LlmindexValidationError` listing every problem.
 */
export function buildLlmindexProductLine(
  input: LlmindexProductInput,
  options: { baseUrl?: string } = {},
): LlmindexProductLine {
  const problems: LlmindexProblem[] = [];
  const productUrl = url(input.url, options.baseUrl, 'url', problems);
  const imageUrl = url(input.imageUrl, options.baseUrl, 'image_url', problems);
  if (problems.length > 0) throw new LlmindexValidationError('products.jsonl line input', problems);
  const updatedAt =
    input.updatedAt instanceof Date
      ? Number.isNaN(input.updatedAt.getTime())
        ? 'Invalid Date'
        : formatRfc3339DateTime(input.updatedAt)
      : input.updatedAt;
  const line = Object.fromEntries(
    Object.entries({
      id: input.id,
      title: input.title,
      url: productUrl,
      image_url: imageUrl,
      price: input.price,
      currency: input.currency,
      price_range: input.priceRange && {
        min: input.priceRange.min,
        max: input.priceRange.max,
        currency: input.priceRange.currency,
      },
      availability:
        typeof input.availability === 'string'
          ? normalizeLlmindexAvailability(input.availability)
          : input.availability,
      brand: input.brand,
      category: input.category,
      updated_at: updatedAt,
    }).filter(([, value]) => value !== undefined),
  );
  const result = validateLlmindexProductLine(line);
  if (!result.valid) throw new LlmindexValidationError('products.jsonl line', result.problems);
  return result.value!;
}

/** A feed line as JSON text (one line, no newline: JSON.stringify escapes line breaks). */
export function formatLlmindexProductLine(line: LlmindexProductLine): string {
  return JSON.stringify(line);
}

/** A whole `products.jsonl` body: one line per product, each ending in `\n`. */
export function formatLlmindexProductFeed(lines: readonly LlmindexProductLine[]): string {
  return lines.map((line) => `${formatLlmindexProductLine(line)}\n`).join('');
}
