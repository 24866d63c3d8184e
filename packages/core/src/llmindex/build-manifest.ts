import { AgentReadyError } from '../errors';
import { normalizeUri, resolveUri } from '../uri';
import { formatRfc3339DateTime } from './is-rfc3339-date-time';
import { LlmindexValidationError } from './llmindex-errors';
import {
  LLMINDEX_ENDPOINT_NAMES,
  type LlmindexEndpointName,
  type LlmindexManifest,
  type LlmindexProblem,
  type LlmindexVerify,
} from './llmindex-types';
import { validateLlmindexManifest } from './validate-manifest';

export interface LlmindexManifestInput {
  entity: { name: string; canonicalUrl: string };
  /** BCP 47, in the v0.1 schema's form (`en`, `zh-CN`). */
  language: string;
  topics: readonly string[];
  updatedAt: Date | string;
  /** Absolute, or relative to the canonical URL; each defaults to `llm/<name>` under it. */
  endpoints?: Partial<Record<LlmindexEndpointName, string>>;
  feeds?: { productsJsonl?: string; offersJson?: string };
  verify?: LlmindexVerify;
  /** SPDX identifier/expression or a URL. */
  license?: string;
}

/** Default page paths (§4.1), relative to the canonical URL taken as a directory. */
export const LLMINDEX_DEFAULT_ENDPOINT_PATHS: Record<LlmindexEndpointName, string> = {
  products: 'llm/products',
  policies: 'llm/policies',
  faq: 'llm/faq',
  about: 'llm/about',
};

function problem(field: string, message: string, value?: unknown): LlmindexProblem {
  return { field, code: 'uri', message, ...(typeof value === 'string' ? { value } : {}) };
}

/**
 * Build a v0.1 manifest in the spec's field order, every URL normalized (DECISIONS §5), and
 * validate it strictly; throws `LlmindexValidationError` listing every problem.
 */
export function buildLlmindexManifest(input: LlmindexManifestInput): LlmindexManifest {
  const problems: LlmindexProblem[] = [];
  const canonical = tryUrl(
    () => normalizeUri(input.entity?.canonicalUrl),
    'entity.canonical_url',
    input.entity?.canonicalUrl,
    problems,
  );
  const directory =
    canonical === undefined ? undefined : canonical.replace(/[?#].*$/s, '').replace(/\/?$/, '/');
  const resolve = (reference: string | undefined, field: string): string | undefined =>
    reference === undefined || directory === undefined
      ? undefined
      : tryUrl(() => normalizeUri(resolveUri(directory, reference)), field, reference, problems);

  const endpoints = Object.fromEntries(
    LLMINDEX_ENDPOINT_NAMES.map((name) => [
      name,
      resolve(
        input.endpoints?.[name] ?? LLMINDEX_DEFAULT_ENDPOINT_PATHS[name],
        `endpoints.${name}`,
      ),
    ]),
  );
  const feeds = {
    products_jsonl: resolve(input.feeds?.productsJsonl, 'feeds.products_jsonl'),
    offers_json: resolve(input.feeds?.offersJson, 'feeds.offers_json'),
  };
  let updatedAt: unknown = input.updatedAt;
  if (input.updatedAt instanceof Date) {
    updatedAt = Number.isNaN(input.updatedAt.getTime())
      ? 'Invalid Date'
      : formatRfc3339DateTime(input.updatedAt);
  }
  const licenseIsUrl = typeof input.license === 'string' && /^https?:/i.test(input.license);
  const license = licenseIsUrl
    ? tryUrl(() => normalizeUri(input.license!), 'license', input.license, problems)
    : input.license;
  if (problems.length > 0) throw new LlmindexValidationError('llmindex manifest input', problems);

  const manifest = {
    version: '0.1',
    updated_at: updatedAt,
    entity: { name: input.entity?.name, canonical_url: canonical },
    language: input.language,
    topics: Array.isArray(input.topics) ? [...input.topics] : input.topics,
    endpoints,
    ...(feeds.products_jsonl || feeds.offers_json
      ? { feeds: Object.fromEntries(Object.entries(feeds).filter(([, url]) => url !== undefined)) }
      : {}),
    ...(input.verify == null
      ? {}
      : { verify: { method: input.verify.method, value: input.verify.value } }),
    ...(license === undefined ? {} : { license }),
  };
  const result = validateLlmindexManifest(manifest);
  if (!result.valid) throw new LlmindexValidationError('llmindex manifest', result.problems);
  return result.value!;
}

function tryUrl(
  make: () => string,
  field: string,
  value: unknown,
  problems: LlmindexProblem[],
): string | undefined {
  try {
    return make();
  } catch (error) {
    if (!(error instanceof AgentReadyError)) throw error;
    problems.push(problem(field, `${field} is not a valid URL: ${error.message}`, value));
    return undefined;
  }
}
