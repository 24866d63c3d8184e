import {
  collapseWhitespace,
  escapeMarkdownInline,
  escapeMarkdownLine,
} from '../llmstxt/escape-markdown';
import type { LlmindexPriceRange } from './llmindex-types';
import {
  joinPageBlocks,
  linkUrl,
  pageError,
  renderPageHeader,
  requiredInlineText,
  type LlmindexPageCommon,
} from './render-llm-page';

export interface LlmindexProductsPageItem {
  title: string;
  url: string;
  price?: number;
  currency?: string;
  priceRange?: LlmindexPriceRange;
  /** `in_stock`, `out_of_stock`, `preorder`, or free text. */
  availability?: string;
  brand?: string;
  category?: string;
  /** Plain text, made single-line. */
  description?: string;
}

export interface LlmindexProductsPageInput extends LlmindexPageCommon {
  products: readonly LlmindexProductsPageItem[];
  /** H2 of products without a category (default `Other products`). */
  uncategorizedTitle?: string;
}

const AVAILABILITY_TEXT: Record<string, string> = {
  in_stock: 'in stock',
  out_of_stock: 'out of stock',
  preorder: 'pre-order',
};

/** The currency's usual number of decimals (ISO 4217 via ICU), else the number as written. */
function amount(value: number, currency: string): string {
  let digits: number | undefined;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .minimumFractionDigits;
  } catch {
    digits = undefined;
  }
  const fixed = digits === undefined ? undefined : value.toFixed(digits);
  return fixed !== undefined && Number(fixed) === value ? fixed : String(value);
}

function priceText(product: LlmindexProductsPageItem, field: string): string | undefined {
  const number = (value: unknown, name: string): number => {
    if (typeof value !== 'number' || !Number.isFinite(value))
      pageError(`${field}.${name}`, 'must be a number');
    return value;
  };
  const code = (value: unknown, name: string): string => {
    if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value))
      pageError(`${field}.${name}`, 'must be an ISO 4217 code');
    return value;
  };
  if (product.price !== undefined) {
    const currency = code(product.currency, 'currency');
    return `${amount(number(product.price, 'price'), currency)} ${currency}`;
  }
  if (product.priceRange !== undefined) {
    const currency = code(product.priceRange?.currency, 'priceRange.currency');
    const min = amount(number(product.priceRange.min, 'priceRange.min'), currency);
    const max = amount(number(product.priceRange.max, 'priceRange.max'), currency);
    return `${min}–${max} ${currency}`;
  }
  return undefined;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== ''
    ? escapeMarkdownInline(collapseWhitespace(value))
    : undefined;
}

function renderItem(
  product: LlmindexProductsPageItem,
  index: number,
  baseUrl: string | undefined,
): string {
  const field = `products[${index}]`;
  const title = requiredInlineText(product.title, `${field}.title`);
  const url = linkUrl(product.url, `${field}.url`, baseUrl);
  const price = priceText(product, field);
  const availability =
    product.availability === undefined
      ? undefined
      : Object.hasOwn(AVAILABILITY_TEXT, product.availability)
        ? AVAILABILITY_TEXT[product.availability]
        : optionalText(product.availability);
  const brand = optionalText(product.brand);
  const facts = [
    price && `Price: ${price}`,
    availability && `Availability: ${availability}`,
    brand && `Brand: ${brand}`,
  ].filter((fact): fact is string => Boolean(fact));
  const description =
    typeof product.description === 'string' && product.description.trim() !== ''
      ? escapeMarkdownLine(product.description)
      : undefined;
  const line = `- [${title}](${url})${facts.length > 0 ? ` — ${facts.join('; ')}` : ''}`;
  return description === undefined ? line : `${line}\n  ${description}`;
}

/**
 * `/llm/products` (§4.1): products grouped by category (H2 per category, in order of first
 * appearance, uncategorized last), one list item each with name, link, price, availability
 * and brand. Plain-text fields are escaped; output is deterministic. Throws
 * `LlmindexValidationError` naming the field for unusable input.
 */
export function renderLlmindexProductsPage(input: LlmindexProductsPageInput): string {
  if (!Array.isArray(input?.products)) pageError('products', 'products must be an array');
  const blocks = renderPageHeader(input, 'Products');
  const groups = new Map<string | undefined, string[]>();
  input.products.forEach((product, index) => {
    if (typeof product !== 'object' || product === null)
      pageError(`products[${index}]`, 'a product is an object');
    const category =
      typeof product.category === 'string' && product.category.trim() !== ''
        ? collapseWhitespace(product.category)
        : undefined;
    const items = groups.get(category) ?? [];
    items.push(renderItem(product, index, input.baseUrl));
    groups.set(category, items);
  });
  const categories = [...groups.keys()].filter((key): key is string => key !== undefined);
  if (categories.length === 0) {
    blocks.push((groups.get(undefined) ?? []).join('\n'));
  } else {
    for (const category of categories)
      blocks.push(
        `## ${requiredInlineText(category, 'category')}`,
        groups.get(category)!.join('\n'),
      );
    const rest = groups.get(undefined);
    if (rest)
      blocks.push(
        `## ${requiredInlineText(input.uncategorizedTitle ?? 'Other products', 'uncategorizedTitle')}`,
        rest.join('\n'),
      );
  }
  if (input.products.length === 0) blocks.push('No products are listed.');
  return joinPageBlocks(blocks);
}
