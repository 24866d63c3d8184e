import {
  isJsonObject,
  LlmindexProblemCollector,
  member,
  type JsonObject,
} from './collect-llmindex-problems';
import {
  LLMINDEX_ENDPOINT_NAMES,
  LLMINDEX_FEED_NAMES,
  LLMINDEX_VERSION,
  type LlmindexEndpointName,
  type LlmindexFeedName,
  type LlmindexProblem,
  type LlmindexSig,
  type LlmindexVerify,
} from './llmindex-types';
import { collectLlmindexManifestProblems, LLMINDEX_MANIFEST_FIELDS } from './validate-manifest';

/** What a consumer could use from a site's manifest; every field may be absent. */
export interface LlmindexManifestView {
  /** As written; `undefined` when missing or not a string. */
  version?: string;
  updated_at?: string;
  entity: { name?: string; canonical_url?: string };
  language?: string;
  topics: string[];
  /** Only usable (absolute http(s)) URLs; a bad one is left out, as if unavailable (§9). */
  endpoints: Partial<Record<LlmindexEndpointName, string>>;
  feeds: Partial<Record<LlmindexFeedName, string>>;
  verify?: LlmindexVerify;
  sig?: LlmindexSig;
  license?: string;
  /** Top-level fields outside v0.1 (e.g. v0.2's `languages`), as read. */
  extensions: Record<string, unknown>;
}

export type LlmindexReadResult =
  | { supported: true; manifest: LlmindexManifestView; warnings: LlmindexProblem[] }
  | {
      supported: false;
      reason: 'not_found' | 'http_error' | 'not_json' | 'not_object';
      warnings: LlmindexProblem[];
    };

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function usableUrl(value: unknown): string | undefined {
  const c = new LlmindexProblemCollector();
  const url = c.url(value, 'url', 'recommended');
  return c.problems.length === 0 ? url : undefined;
}

function urlMap<K extends string>(value: unknown, names: readonly K[]): Partial<Record<K, string>> {
  if (!isJsonObject(value)) return {};
  const entries = names.flatMap((name) => {
    const url = usableUrl(member(value, name));
    return url === undefined ? [] : [[name, url] as const];
  });
  return Object.fromEntries(entries) as Partial<Record<K, string>>;
}

function view(manifest: JsonObject): LlmindexManifestView {
  const entityValue = member(manifest, 'entity');
  const entity = isJsonObject(entityValue) ? entityValue : {};
  const verify = isJsonObject(member(manifest, 'verify'))
    ? (manifest.verify as JsonObject)
    : undefined;
  const sig = isJsonObject(member(manifest, 'sig')) ? (manifest.sig as JsonObject) : undefined;
  const method = verify && member(verify, 'method');
  const proof = verify && text(member(verify, 'value'));
  const [alg, kid, jws] = ['alg', 'kid', 'jws'].map((key) =>
    sig ? text(member(sig, key)) : undefined,
  );
  const topics = member(manifest, 'topics');
  const optional = {
    version:
      typeof member(manifest, 'version') === 'string' ? (manifest.version as string) : undefined,
    updated_at: text(member(manifest, 'updated_at')),
    language: text(member(manifest, 'language')),
    license: text(member(manifest, 'license')),
    verify:
      (method === 'dns_txt' || method === 'http_file') && proof !== undefined
        ? { method, value: proof }
        : undefined,
    sig: alg && kid && jws ? { alg, kid, jws } : undefined,
  };
  const name = text(member(entity, 'name'));
  const canonical = usableUrl(member(entity, 'canonical_url'));
  return {
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    entity: {
      ...(name === undefined ? {} : { name }),
      ...(canonical === undefined ? {} : { canonical_url: canonical }),
    },
    topics: Array.isArray(topics) ? topics.flatMap((topic) => text(topic) ?? []) : [],
    endpoints: urlMap(member(manifest, 'endpoints'), LLMINDEX_ENDPOINT_NAMES),
    feeds: urlMap(member(manifest, 'feeds'), LLMINDEX_FEED_NAMES),
    extensions: Object.fromEntries(
      Object.entries(manifest).filter(
        ([key]) => !(LLMINDEX_MANIFEST_FIELDS as readonly string[]).includes(key),
      ),
    ),
  };
}

/**
 * The consumer side of §9: read a site's manifest leniently. Not JSON, or JSON that is not an
 * object, means the site is treated as not supporting llmindex (with a warning). Anything else
 * is a best-effort parse: every rule the strict validator would break becomes a warning, an
 * unknown version is read with the v0.1 rules, and unusable fields are left out of the view
 * (a bad endpoint URL is as good as an unavailable endpoint). Accepts the body text or an
 * already parsed value. Never throws.
 */
export function readLlmindexManifest(input: string | object): LlmindexReadResult {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input.replace(/^\uFEFF/, ''));
    } catch {
      return {
        supported: false,
        reason: 'not_json',
        warnings: [
          {
            field: '',
            code: 'json',
            message: 'the manifest is not JSON; treated as unsupported (§9)',
          },
        ],
      };
    }
  }
  if (!isJsonObject(value)) {
    return {
      supported: false,
      reason: 'not_object',
      warnings: [
        {
          field: '',
          code: 'type',
          message: 'the manifest is not a JSON object; treated as unsupported',
        },
      ],
    };
  }
  const c = new LlmindexProblemCollector();
  const version = member(value, 'version');
  if (typeof version === 'string' && version !== LLMINDEX_VERSION) {
    c.warn(
      'version',
      'version',
      `unknown version "${version}"; read best-effort with the v0.1 rules (§9)`,
      version,
    );
  }
  collectLlmindexManifestProblems(c, value);
  // The version mismatch is already reported above, in the §9 wording.
  const problems = c.problems.filter((p) => !(p.field === 'version' && p.code === 'version'));
  return { supported: true, manifest: view(value), warnings: [...c.warnings, ...problems] };
}

export interface LlmindexHttpResponse {
  status: number;
  /** The `Content-Type` header, if any. */
  contentType?: string;
  body: string;
}

/**
 * §9 for a fetched `/.well-known/llmindex.json`: 404 (or 410) means the site does not support
 * llmindex; another non-2xx status is treated as unsupported for now, with a warning; a
 * non-JSON body is unsupported with a warning; otherwise `readLlmindexManifest`. A content type
 * other than JSON is only a warning.
 */
export function readLlmindexResponse(response: LlmindexHttpResponse): LlmindexReadResult {
  if (response.status === 404 || response.status === 410) {
    return { supported: false, reason: 'not_found', warnings: [] };
  }
  if (response.status < 200 || response.status > 299) {
    return {
      supported: false,
      reason: 'http_error',
      warnings: [
        {
          field: '',
          code: 'http_status',
          message: `the manifest answered HTTP ${response.status}`,
        },
      ],
    };
  }
  const result = readLlmindexManifest(response.body);
  const type = response.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type !== undefined && type !== 'application/json' && !type.endsWith('+json')) {
    result.warnings.unshift({
      field: '',
      code: 'content_type',
      message: `served as ${type}; expected application/json (§2)`,
      value: type,
    });
  }
  return result;
}
