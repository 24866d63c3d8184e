import { LlmindexValidationError } from './llmindex-errors';
import {
  LLMINDEX_ENDPOINT_NAMES,
  LLMINDEX_FEED_NAMES,
  LLMINDEX_VERSION,
  type LlmindexManifest,
  type LlmindexValidationResult,
} from './llmindex-types';
import {
  isJsonObject,
  joinField,
  LlmindexProblemCollector,
  member,
  type JsonObject,
} from './collect-llmindex-problems';
import { isSpdxExpression } from './is-spdx-expression';
import { parseCompactJws } from './parse-compact-jws';
import { isLanguageTag } from '../text/language-tag';

export const LLMINDEX_MANIFEST_FIELDS = [
  'version',
  'updated_at',
  'entity',
  'language',
  'topics',
  'endpoints',
  'feeds',
  'verify',
  'sig',
  'license',
] as const;

/** Fields of llmindex v0.2, which a strict v0.1 manifest must not carry (DECISIONS §3). */
const V02_FIELDS = ['languages', 'localized_endpoints', 'feed_updated_at', 'access_control'];

function hostOf(url: string): string {
  return (/^[a-z]+:\/\/(?:[^@/?#]*@)?([^/?#:]*)/i.exec(url)?.[1] ?? '').toLowerCase();
}

function checkEntity(c: LlmindexProblemCollector, manifest: JsonObject): string | undefined {
  const entity = c.object(c.present(manifest, 'entity', 'entity'), 'entity');
  if (!entity) return undefined;
  c.unknownFields(entity, 'entity', ['name', 'canonical_url']);
  c.text(c.present(entity, 'name', 'entity.name'), 'entity.name');
  return c.url(
    c.present(entity, 'canonical_url', 'entity.canonical_url'),
    'entity.canonical_url',
    'required',
  );
}

function checkTopics(c: LlmindexProblemCollector, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    c.error('topics', 'type', 'topics must be an array of strings', value);
    return;
  }
  if (value.length === 0) c.error('topics', 'empty', 'topics needs at least one topic');
  const seen = new Set<string>();
  value.forEach((topic, index) => {
    const text = c.text(topic, joinField('topics', index));
    if (text === undefined) return;
    if (seen.has(text))
      c.warn(joinField('topics', index), 'duplicate', `topic "${text}" is listed twice`, text);
    seen.add(text);
  });
}

function checkUrlMap(
  c: LlmindexProblemCollector,
  value: unknown,
  field: 'endpoints' | 'feeds',
  names: readonly string[],
  required: boolean,
  canonicalHost: string | undefined,
): void {
  const object = c.object(value, field);
  if (!object) return;
  c.unknownFields(object, field, names);
  for (const name of names) {
    const path = joinField(field, name);
    const url = c.url(
      required ? c.present(object, name, path) : member(object, name),
      path,
      'recommended',
    );
    if (url !== undefined && canonicalHost !== undefined && hostOf(url) !== canonicalHost) {
      c.warn(path, 'uri', `${path} is on another host than entity.canonical_url`, url);
    }
  }
}

function checkVerify(c: LlmindexProblemCollector, value: unknown): void {
  const verify = c.object(value, 'verify');
  if (!verify) return;
  c.unknownFields(verify, 'verify', ['method', 'value']);
  const method = c.string(c.present(verify, 'method', 'verify.method'), 'verify.method');
  if (method !== undefined && method !== 'dns_txt' && method !== 'http_file') {
    c.error('verify.method', 'enum', 'verify.method must be "dns_txt" or "http_file"', method);
  }
  const proof = c.text(c.present(verify, 'value', 'verify.value'), 'verify.value');
  if (proof !== undefined && proof !== proof.trim()) {
    c.warn(
      'verify.value',
      'type',
      'verify.value has surrounding whitespace; proofs are compared trimmed',
      proof,
    );
  }
}

function checkSig(c: LlmindexProblemCollector, value: unknown): void {
  const sig = c.object(value, 'sig');
  if (!sig) return;
  c.unknownFields(sig, 'sig', ['alg', 'kid', 'jws']);
  const alg = c.text(c.present(sig, 'alg', 'sig.alg'), 'sig.alg');
  const kid = c.text(c.present(sig, 'kid', 'sig.kid'), 'sig.kid');
  const jws = c.text(c.present(sig, 'jws', 'sig.jws'), 'sig.jws');
  if (alg !== undefined && alg !== 'EdDSA') {
    c.warn(
      'sig.alg',
      'enum',
      'sig.alg should be "EdDSA" (Ed25519), the only algorithm verified here',
      alg,
    );
  }
  if (jws === undefined) return;
  const parts = parseCompactJws(jws);
  if (typeof parts === 'string') {
    c.error('sig.jws', 'jws', `sig.jws is not a JWS compact serialization: ${parts}`, jws);
    return;
  }
  if (alg !== undefined && parts.header.alg !== alg) {
    c.error(
      'sig.jws',
      'jws',
      `the JWS header's alg "${String(parts.header.alg)}" differs from sig.alg`,
      jws,
    );
  }
  if (kid !== undefined && parts.header.kid !== undefined && parts.header.kid !== kid) {
    c.error('sig.jws', 'jws', `the JWS header's kid differs from sig.kid`, jws);
  }
}

function checkLicense(c: LlmindexProblemCollector, value: unknown): void {
  const license = c.text(value, 'license');
  if (license === undefined) return;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(license) && !/^(?:LicenseRef|DocumentRef)-/.test(license)) {
    c.url(license, 'license', 'recommended');
  } else if (!isSpdxExpression(license)) {
    c.error(
      'license',
      'license',
      'license must be an SPDX license identifier (or expression) or a URL',
      license,
    );
  }
}

/** Check every v0.1 rule into `c`; shared by the strict validator and the lenient reader. */
export function collectLlmindexManifestProblems(c: LlmindexProblemCollector, value: unknown): void {
  if (!isJsonObject(value)) {
    c.error('', 'type', 'a manifest is a JSON object', value);
    return;
  }
  c.unknownFields(value, '', LLMINDEX_MANIFEST_FIELDS, (key) =>
    V02_FIELDS.includes(key)
      ? `${key} is a v0.2 field; a "0.1" manifest must not carry it`
      : `${key} is not one of the ten v0.1 top-level fields`,
  );
  const version = c.string(c.present(value, 'version', 'version'), 'version');
  if (version !== undefined && version !== LLMINDEX_VERSION) {
    c.error('version', 'version', `version must be "${LLMINDEX_VERSION}"`, version);
  }
  c.dateTime(c.present(value, 'updated_at', 'updated_at'), 'updated_at');
  const canonical = checkEntity(c, value);
  const language = c.string(c.present(value, 'language', 'language'), 'language');
  if (language !== undefined && !isLanguageTag(language)) {
    c.error(
      'language',
      'language',
      'language must be a BCP 47 tag (en, zh-CN, zh-Hant-TW, es-419)',
      language,
    );
  }
  checkTopics(c, c.present(value, 'topics', 'topics'));
  const host = canonical === undefined ? undefined : hostOf(canonical);
  checkUrlMap(
    c,
    c.present(value, 'endpoints', 'endpoints'),
    'endpoints',
    LLMINDEX_ENDPOINT_NAMES,
    true,
    host,
  );
  checkUrlMap(c, member(value, 'feeds'), 'feeds', LLMINDEX_FEED_NAMES, false, host);
  checkVerify(c, member(value, 'verify'));
  checkSig(c, member(value, 'sig'));
  checkLicense(c, member(value, 'license'));
}

/**
 * Strict validation of a `"0.1"` manifest (DECISIONS §3): every rule of §3, all problems at
 * once, each with the field's dotted path. Never throws.
 */
export function validateLlmindexManifest(
  value: unknown,
): LlmindexValidationResult<LlmindexManifest> {
  const c = new LlmindexProblemCollector();
  collectLlmindexManifestProblems(c, value);
  return c.result(value);
}

/** `validateLlmindexManifest`, throwing `LlmindexValidationError` (with all problems). */
export function assertLlmindexManifest(value: unknown): LlmindexManifest {
  const result = validateLlmindexManifest(value);
  if (!result.valid) throw new LlmindexValidationError('llmindex manifest', result.problems);
  return result.value!;
}
