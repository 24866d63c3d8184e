/** llmindex v0.1 (`specs/llmindex-v0.1.zh.md`, as settled by DECISIONS §3). */

export const LLMINDEX_VERSION = '0.1';
export const LLMINDEX_MANIFEST_PATH = '/.well-known/llmindex.json';
export const LLMINDEX_PROOF_PATH = '/.well-known/llmindex-proof.txt';
export const LLMINDEX_KEYS_PATH = '/.well-known/llmindex-keys.json';
export const LLMINDEX_DNS_TXT_PREFIX = '_llmindex-challenge';

export const LLMINDEX_ENDPOINT_NAMES = ['products', 'policies', 'faq', 'about'] as const;
export type LlmindexEndpointName = (typeof LLMINDEX_ENDPOINT_NAMES)[number];
export type LlmindexEndpoints = Record<LlmindexEndpointName, string>;

export const LLMINDEX_FEED_NAMES = ['products_jsonl', 'offers_json'] as const;
export type LlmindexFeedName = (typeof LLMINDEX_FEED_NAMES)[number];

export type LlmindexVerifyMethod = 'dns_txt' | 'http_file';

export interface LlmindexVerify {
  method: LlmindexVerifyMethod;
  /** The DNS TXT value, or the exact body of `/.well-known/llmindex-proof.txt`. */
  value: string;
}

export interface LlmindexSig {
  alg: string;
  kid: string;
  /** RFC 7515 compact serialization (attached, or detached `header..signature`). */
  jws: string;
}

/** A v0.1 manifest: exactly these ten top-level fields. */
export interface LlmindexManifest {
  version: '0.1';
  updated_at: string;
  entity: { name: string; canonical_url: string };
  language: string;
  topics: string[];
  endpoints: LlmindexEndpoints;
  feeds?: Partial<Record<LlmindexFeedName, string>>;
  verify?: LlmindexVerify;
  sig?: LlmindexSig;
  license?: string;
}

export const LLMINDEX_AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder'] as const;
export type LlmindexAvailability = (typeof LLMINDEX_AVAILABILITY)[number];

export interface LlmindexPriceRange {
  min: number;
  max: number;
  currency: string;
}

/** One line of `products.jsonl` (§5). */
export interface LlmindexProductLine {
  id: string;
  title: string;
  url: string;
  image_url?: string;
  price?: number;
  currency?: string;
  price_range?: LlmindexPriceRange;
  availability: LlmindexAvailability;
  brand?: string;
  category?: string;
  updated_at: string;
}

export type LlmindexProblemCode =
  /** Not valid JSON at all. */
  | 'json'
  | 'missing'
  | 'type'
  | 'empty'
  | 'version'
  | 'unknown_field'
  | 'date_time'
  | 'uri'
  | 'https'
  | 'credentials'
  | 'language'
  | 'enum'
  | 'currency'
  | 'range'
  | 'price_required'
  | 'license'
  | 'jws'
  | 'duplicate'
  /** Consumer side (§9): how the manifest was served. */
  | 'content_type'
  | 'http_status';

/** One finding about a manifest or feed line, with the dotted path of the field. */
export interface LlmindexProblem {
  /** Dotted path, e.g. `entity.canonical_url`, `topics[2]`; `''` for the document itself. */
  field: string;
  code: LlmindexProblemCode;
  message: string;
  /** The offending value when it is a primitive (long strings truncated). */
  value?: unknown;
}

export interface LlmindexValidationResult<T> {
  /** No errors (warnings allowed). */
  valid: boolean;
  /** Every error: everything that breaks the rules. */
  problems: LlmindexProblem[];
  /** Things the spec advises against (SHOULD), or that we cannot check further. */
  warnings: LlmindexProblem[];
  /** The input, typed, when `valid`. */
  value?: T;
}
