import { AgentReadyError } from '../errors';
import {
  LLMINDEX_KEYS_PATH,
  LLMINDEX_MANIFEST_PATH,
  LLMINDEX_PROOF_PATH,
} from '../llmindex/llmindex-types';
import { SCP_MEDIA_TYPE } from '../scp/scp-types';
import { isTctProfileName, TCT_1, type TctProfile, type TctProfileName } from '../tct/tct-profile';

/**
 * What a stored artifact is, by family: the typed descriptor the builders write beside its bytes
 * and the endpoints serve it by. Serving reads nothing else of it; every header is formed at
 * serve time from the bytes, their validators and this. A builder's own bookkeeping between
 * builds (`build`, `part`) is typed here too, so nothing in the table is an untyped bag.
 */

/** The families of artifacts, each served by its own module. */
export const SITEMAP_FAMILY = 'tct-sitemap';
export const LLMS_TXT_FAMILY = 'llms-txt';
export const SCP_FAMILY = 'scp';
export const LLMINDEX_FAMILY = 'llmindex';

export type ArtifactFamily =
  typeof SITEMAP_FAMILY | typeof LLMS_TXT_FAMILY | typeof SCP_FAMILY | typeof LLMINDEX_FAMILY;

const FAMILIES: ReadonlySet<string> = new Set([
  SITEMAP_FAMILY,
  LLMS_TXT_FAMILY,
  SCP_FAMILY,
  LLMINDEX_FAMILY,
]);

/** A JSON sitemap document: a shard (a fixed range of row ids) or the index of the shards. */
export type JsonSitemapDescriptor = {
  family: typeof SITEMAP_FAMILY;
  /** Where it is served (absolute). */
  url: string;
  /** The policy descriptor it links (`rel="describedby"`), from the table's sitemap settings. */
  policyUrl?: string;
  /** The TCT profile it was composed in (the writer's); absent: the site's. */
  profile?: TctProfileName;
} & ({ kind: 'shard'; shard: number; items: number } | { kind: 'index' });

/** What a big site's llms.txt part says of itself: the index that lists it, its number, size. */
export interface LlmsTxtPartOfIndex {
  /** The llms.txt (path) that lists this part. */
  index: string;
  number: number;
  pages: number;
}

/** When an llms-full.txt was built, under which settings: it is rebuilt on a schedule. */
export interface LlmsFullTxtBuild {
  settingsKey: string;
  /** The content position it was built from. */
  builtSeq: number;
  builtAtMs: number;
  pages: number;
}

/**
 * An llms.txt file. `listing`: one an agent starts at (the default locale's or a locale's),
 * whole, or the index of its sections or parts; `section`: one section of a split llms.txt;
 * `part`: one part (by row id) of a big site's llms.txt; `full`: llms-full.txt.
 */
export type LlmsTxtDescriptor = {
  family: typeof LLMS_TXT_FAMILY;
  url: string;
  /** BCP 47; null for the default locale's files. */
  locale: string | null;
} & (
  | {
      kind: 'listing';
      /** On an index of parts: the settings its parts were laid out under. */
      parts?: { settingsKey: string };
    }
  | { kind: 'section' }
  | { kind: 'part'; part: LlmsTxtPartOfIndex }
  | { kind: 'full'; build?: LlmsFullTxtBuild }
);

/** What the builder records about the uncompressed bytes of a gzip collection. */
export interface IdentityRepresentation {
  size: number;
  /** RFC 9530 digest of the uncompressed bytes. */
  contentDigest: string;
}

/** An SCP section's snapshot as the last build left it. */
export interface ScpSnapshotBuild {
  path: string;
  generated: string;
  /** The section's last commit when it was built: changes after this are not in it. */
  commitMs: number;
  builtAtMs: number;
  pages: number;
  size: number;
}

/** One SCP delta part as built: the commit range it holds, where it is, what the sitemap says. */
export interface ScpDeltaBuild {
  /** The sitemap's `period`: the period's name, `-<part>` appended from the second part on. */
  period: string;
  periodStartMs: number;
  /** 1 for the first part of its period. */
  part: number;
  /** The part holds the changes that committed in (afterMs, upToMs]. */
  afterMs: number;
  upToMs: number;
  path: string;
  since: string;
  generated: string;
  pages: number;
  size: number;
}

export interface ScpSectionBuild {
  snapshot: ScpSnapshotBuild;
  deltas: ScpDeltaBuild[];
  /** The section's last commit the deltas were built up to. */
  commitMs: number;
}

/** What the SCP collections are, kept with the sitemap.xml between builds. */
export interface ScpSitemapBuild {
  settingsKey: string;
  sections: Record<string, ScpSectionBuild>;
  /** Whether the pages are listed in page sitemaps (by part) rather than in sitemap.xml. */
  pageParts?: boolean;
}

/**
 * An SCP file. `collection`: a snapshot or delta, its gzip bytes (with `variants` and `identity`)
 * or its zstd bytes (`variantOf`); `sitemap`: the sitemap.xml; `page-sitemap`: one part of a big
 * site's page sitemaps; `page-sitemap-index`: their index.
 */
export type ScpDescriptor = { family: typeof SCP_FAMILY; url: string } & (
  | {
      kind: 'collection';
      /** `sha256:<hex>` of the collection's content, the same for every coding. */
      checksum: string;
      pages: number;
      /** On the gzip bytes: the name the zstd bytes are stored under. */
      variants?: { zstd: string };
      /** On the gzip bytes: the uncompressed bytes, for clients that accept no coding. */
      identity?: IdentityRepresentation;
      /** On the zstd bytes: the name of the gzip bytes they are a coding of. */
      variantOf?: string;
    }
  | { kind: 'sitemap'; build?: ScpSitemapBuild }
  | { kind: 'page-sitemap'; part: { number: number; lastmodMs: number } }
  | { kind: 'page-sitemap-index' }
);

/** What the llmindex build remembers: enough to tell whether a burst touches it. */
export interface LlmindexBuild {
  settingsKey: string;
  /** Sections that had documents with a role: an edit there may have taken a role away. */
  roleSections: string[];
}

/** An llmindex file: the manifest, its keys, the ownership proof, a `/llm/*` page, the feed. */
export type LlmindexDescriptor = { family: typeof LLMINDEX_FAMILY } & (
  { kind: 'manifest'; build?: LlmindexBuild } | { kind: 'keys' | 'proof' | 'page' | 'feed' }
);

export type ArtifactDescriptor =
  JsonSitemapDescriptor | LlmsTxtDescriptor | ScpDescriptor | LlmindexDescriptor;

const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const LLMINDEX_TYPES: Record<LlmindexDescriptor['kind'], string> = {
  manifest: JSON_TYPE,
  keys: JSON_TYPE,
  proof: TEXT,
  page: 'text/markdown; charset=utf-8',
  feed: 'application/x-ndjson; charset=utf-8',
};

/**
 * The `Content-Type` an artifact is served with, by what it is: formed by core, never taken
 * from storage (the JSON sitemap's comes from the site's TCT profile).
 */
export function artifactContentType(
  descriptor: ArtifactDescriptor,
  profile: TctProfile = TCT_1,
): string {
  switch (descriptor.family) {
    case SITEMAP_FAMILY:
      return profile.mUrlContentType;
    case LLMS_TXT_FAMILY:
      return TEXT;
    case SCP_FAMILY:
      return descriptor.kind === 'collection' ? SCP_MEDIA_TYPE : XML;
    case LLMINDEX_FAMILY:
      return LLMINDEX_TYPES[descriptor.kind];
  }
}

/** A stored descriptor that is not one of a known family (written by another version, or broken). */
export class ArtifactDescriptorError extends AgentReadyError {}

/** The stored form: the descriptor as JSON, without `family` (the artifact's own column). */
export function serializeArtifactDescriptor(descriptor: ArtifactDescriptor): string {
  const { family: _family, ...stored } = descriptor;
  return JSON.stringify(stored);
}

type Json = Record<string, unknown>;

/** Reads the fields of one stored object, naming the artifact and the field in every error. */
class FieldReader {
  constructor(
    private readonly artifact: string,
    private readonly value: Json,
    private readonly path: string,
  ) {}

  private fail(key: string, expected: string): never {
    const field = `${this.path}${key}`;
    throw new ArtifactDescriptorError(
      'serve.artifact-descriptor',
      `artifact ${this.artifact}: ${field} must be ${expected}`,
      { field, value: this.value[key] },
    );
  }

  has(key: string): boolean {
    return this.value[key] !== undefined;
  }

  string(key: string): string {
    const value = this.value[key];
    return typeof value === 'string' ? value : this.fail(key, 'a string');
  }

  number(key: string): number {
    const value = this.value[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : this.fail(key, 'a number');
  }

  boolean(key: string): boolean {
    const value = this.value[key];
    return typeof value === 'boolean' ? value : this.fail(key, 'true or false');
  }

  stringOrNull(key: string): string | null {
    const value = this.value[key];
    if (value === null || value === undefined) return null;
    return typeof value === 'string' ? value : this.fail(key, 'a string or null');
  }

  profileName(key: string): TctProfileName {
    const value = this.value[key];
    return isTctProfileName(value) ? value : this.fail(key, "'tct-1' or 'tct-03'");
  }

  strings(key: string): string[] {
    const value = this.value[key];
    return Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? [...value]
      : this.fail(key, 'a list of strings');
  }

  object(key: string): FieldReader {
    const value = this.value[key];
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return this.fail(key, 'an object');
    return new FieldReader(this.artifact, value as Json, `${this.path}${key}.`);
  }

  /** Each member of an object, read the same way. */
  entries<T>(key: string, read: (member: FieldReader) => T): Record<string, T> {
    const object = this.object(key);
    return Object.fromEntries(
      Object.keys(object.value).map((name) => [name, read(object.object(name))]),
    );
  }

  list<T>(key: string, read: (member: FieldReader) => T): T[] {
    const value = this.value[key];
    if (!Array.isArray(value)) return this.fail(key, 'a list');
    const list = new FieldReader(this.artifact, { ...value } as Json, `${this.path}${key}.`);
    return value.map((_, index) => read(list.object(String(index))));
  }

  optional<T>(key: string, read: (reader: this, key: string) => T): T | undefined {
    return this.has(key) ? read(this, key) : undefined;
  }

  kind<K extends string>(kinds: readonly K[]): K {
    const value = this.value.kind;
    return kinds.includes(value as K)
      ? (value as K)
      : this.fail('kind', `one of ${kinds.join(', ')}`);
  }
}

const readIdentity = (r: FieldReader): IdentityRepresentation => ({
  size: r.number('size'),
  contentDigest: r.string('contentDigest'),
});

const readSnapshotBuild = (r: FieldReader): ScpSnapshotBuild => ({
  path: r.string('path'),
  generated: r.string('generated'),
  commitMs: r.number('commitMs'),
  builtAtMs: r.number('builtAtMs'),
  pages: r.number('pages'),
  size: r.number('size'),
});

const readDeltaBuild = (r: FieldReader): ScpDeltaBuild => ({
  period: r.string('period'),
  periodStartMs: r.number('periodStartMs'),
  part: r.number('part'),
  afterMs: r.number('afterMs'),
  upToMs: r.number('upToMs'),
  path: r.string('path'),
  since: r.string('since'),
  generated: r.string('generated'),
  pages: r.number('pages'),
  size: r.number('size'),
});

const readScpSitemapBuild = (r: FieldReader): ScpSitemapBuild => ({
  settingsKey: r.string('settingsKey'),
  sections: r.entries('sections', (section) => ({
    snapshot: readSnapshotBuild(section.object('snapshot')),
    deltas: section.list('deltas', readDeltaBuild),
    commitMs: section.number('commitMs'),
  })),
  ...(r.has('pageParts') ? { pageParts: r.boolean('pageParts') } : {}),
});

function readJsonSitemap(r: FieldReader): JsonSitemapDescriptor {
  const common = {
    family: SITEMAP_FAMILY,
    url: r.string('url'),
    ...(r.has('policyUrl') ? { policyUrl: r.string('policyUrl') } : {}),
    ...(r.has('profile') ? { profile: r.profileName('profile') } : {}),
  } as const;
  return r.kind(['shard', 'index']) === 'index'
    ? { ...common, kind: 'index' }
    : { ...common, kind: 'shard', shard: r.number('shard'), items: r.number('items') };
}

function readLlmsTxt(r: FieldReader): LlmsTxtDescriptor {
  const common = {
    family: LLMS_TXT_FAMILY,
    url: r.string('url'),
    locale: r.stringOrNull('locale'),
  } as const;
  switch (r.kind(['listing', 'section', 'part', 'full'])) {
    case 'listing':
      return {
        ...common,
        kind: 'listing',
        ...(r.has('parts')
          ? { parts: { settingsKey: r.object('parts').string('settingsKey') } }
          : {}),
      };
    case 'section':
      return { ...common, kind: 'section' };
    case 'part': {
      const part = r.object('part');
      return {
        ...common,
        kind: 'part',
        part: {
          index: part.string('index'),
          number: part.number('number'),
          pages: part.number('pages'),
        },
      };
    }
    case 'full': {
      const build = r.optional('build', (reader, key) => reader.object(key));
      return {
        ...common,
        kind: 'full',
        ...(build
          ? {
              build: {
                settingsKey: build.string('settingsKey'),
                builtSeq: build.number('builtSeq'),
                builtAtMs: build.number('builtAtMs'),
                pages: build.number('pages'),
              },
            }
          : {}),
      };
    }
  }
}

function readScp(r: FieldReader): ScpDescriptor {
  const common = { family: SCP_FAMILY, url: r.string('url') } as const;
  switch (r.kind(['collection', 'sitemap', 'page-sitemap', 'page-sitemap-index'])) {
    case 'collection':
      return {
        ...common,
        kind: 'collection',
        checksum: r.string('checksum'),
        pages: r.number('pages'),
        ...(r.has('variants') ? { variants: { zstd: r.object('variants').string('zstd') } } : {}),
        ...(r.has('identity') ? { identity: readIdentity(r.object('identity')) } : {}),
        ...(r.has('variantOf') ? { variantOf: r.string('variantOf') } : {}),
      };
    case 'sitemap':
      return {
        ...common,
        kind: 'sitemap',
        ...(r.has('build') ? { build: readScpSitemapBuild(r.object('build')) } : {}),
      };
    case 'page-sitemap': {
      const part = r.object('part');
      return {
        ...common,
        kind: 'page-sitemap',
        part: { number: part.number('number'), lastmodMs: part.number('lastmodMs') },
      };
    }
    case 'page-sitemap-index':
      return { ...common, kind: 'page-sitemap-index' };
  }
}

function readLlmindex(r: FieldReader): LlmindexDescriptor {
  const kind = r.kind(['manifest', 'keys', 'proof', 'page', 'feed']);
  if (kind !== 'manifest') return { family: LLMINDEX_FAMILY, kind };
  const build = r.optional('build', (reader, key) => reader.object(key));
  return {
    family: LLMINDEX_FAMILY,
    kind,
    ...(build
      ? {
          build: {
            settingsKey: build.string('settingsKey'),
            roleSections: build.strings('roleSections'),
          },
        }
      : {}),
  };
}

/**
 * The layout written before descriptors had a `kind` (flags such as `scpSitemap: true`, the
 * builders' state under their own keys), read into today's. A build's state is kept where it
 * maps one to one; otherwise it is left out, and the builder rebuilds that family once.
 */
function upgradeLegacy(name: string, family: string, meta: Json): Json {
  switch (family) {
    case SITEMAP_FAMILY:
      return { ...meta, kind: meta.index === true ? 'index' : 'shard' };
    case LLMS_TXT_FAMILY: {
      const base = { url: meta.url, locale: meta.locale ?? null };
      if (meta.full === true) {
        const fullBuild = meta.fullBuild as Json | undefined;
        return {
          ...base,
          kind: 'full',
          ...(fullBuild ? { build: { settingsKey: meta.settingsKey, ...fullBuild } } : {}),
        };
      }
      if (meta.llmsPart !== undefined) return { ...base, kind: 'part', part: meta.llmsPart };
      if (meta.part === true) return { ...base, kind: 'section' };
      return { ...base, kind: 'listing', ...(meta.llmsIndex ? { parts: meta.llmsIndex } : {}) };
    }
    case SCP_FAMILY: {
      const base = { url: meta.url };
      if (meta.scpSitemap === true)
        return { ...base, kind: 'sitemap', ...(meta.scpState ? { build: meta.scpState } : {}) };
      if (meta.xmlSitemap === true) return { ...base, kind: 'page-sitemap-index' };
      if (meta.pageSitemap !== undefined)
        return { ...base, kind: 'page-sitemap', part: meta.pageSitemap };
      const { ranges: _ranges, ...collection } = meta;
      return { ...collection, kind: 'collection' };
    }
    case LLMINDEX_FAMILY: {
      if (name === LLMINDEX_MANIFEST_PATH)
        return { kind: 'manifest', ...(meta.llmindexBuild ? { build: meta.llmindexBuild } : {}) };
      if (name === LLMINDEX_KEYS_PATH) return { kind: 'keys' };
      if (name === LLMINDEX_PROOF_PATH) return { kind: 'proof' };
      return { kind: name.endsWith('.jsonl') ? 'feed' : 'page' };
    }
    default:
      return meta;
  }
}

/**
 * The descriptor of a stored artifact, from its family and its stored JSON (the `meta` column:
 * text, an object, or null). An unknown family or a field of the wrong shape is an
 * `ArtifactDescriptorError` naming the artifact and the field, never a crash further on.
 */
export function parseArtifactDescriptor(stored: {
  name: string;
  family: string;
  meta: unknown;
}): ArtifactDescriptor {
  const { name, family } = stored;
  if (!FAMILIES.has(family)) {
    throw new ArtifactDescriptorError(
      'serve.artifact-descriptor',
      `artifact ${name}: unknown family ${JSON.stringify(family)}`,
      { field: 'family', value: family },
    );
  }
  let meta: unknown = stored.meta ?? {};
  if (typeof meta === 'string') {
    try {
      meta = JSON.parse(meta);
    } catch (cause) {
      throw new ArtifactDescriptorError(
        'serve.artifact-descriptor',
        `artifact ${name}: its descriptor is not JSON`,
        { field: 'meta', value: stored.meta, cause },
      );
    }
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    throw new ArtifactDescriptorError(
      'serve.artifact-descriptor',
      `artifact ${name}: its descriptor must be a JSON object`,
      { field: 'meta', value: stored.meta },
    );
  }
  const json = 'kind' in meta ? (meta as Json) : upgradeLegacy(name, family, meta as Json);
  const reader = new FieldReader(name, json, '');
  switch (family) {
    case SITEMAP_FAMILY:
      return readJsonSitemap(reader);
    case LLMS_TXT_FAMILY:
      return readLlmsTxt(reader);
    case SCP_FAMILY:
      return readScp(reader);
    default:
      return readLlmindex(reader);
  }
}
