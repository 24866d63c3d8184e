import type { MetricRow } from '../metrics/build-agent-stats';
import type { TctProfileName } from '../tct/tct-profile';
import type { ArtifactDescriptor } from './artifact-descriptor';

/**
 * What the endpoints read: the one table (rows by M-URL path) and the artifacts built from it.
 * `@agent-ready/store`'s StoreReader implements it; any other storage can.
 */
export interface StoredDocumentView {
  /** The document's id in its source (its cache tag, with the locale); absent: tagged by path. */
  key?: string;
  /** BCP 47 locale, '' for sources without locales. */
  locale?: string;
  state: 'published' | 'unpublished' | 'deleted';
  visibility: 'public' | 'protected';
  cUrl: string;
  mUrl: string;
  /** RFC 3339. */
  modified: string;
  hash: string | null;
  body: Buffer | null;
  /**
   * The TCT profile `body` was rendered in: its Content-Type and profile link follow it, so a
   * row rendered before the site changed profile is never served as the new profile's. Absent
   * (a source that does not record it): the site's profile.
   */
  profile?: TctProfileName | null;
  /**
   * `Content-Digest` of `body`, as core formed it when the document was rendered
   * (`documentValidators`); null for a row stored before it was kept (then computed once).
   */
  contentDigest?: string | null;
  /** Measured size of the document's HTML page, when the site has rendered it. */
  htmlBytes?: number | null;
  /** The document's own `Content-Usage` value, when it overrides the site's. */
  usage?: string | null;
}

export interface StoredArtifactView {
  name: string;
  /** The stored bytes' coding (`gzip`, `zstd`), null when they are stored as they are. */
  contentEncoding: string | null;
  /** ETag header value (quoted). */
  etag: string;
  contentDigest: string;
  lastModified: Date;
  size: number;
  /** What the artifact is, by family (see artifact-descriptor): what it is served by. */
  descriptor: ArtifactDescriptor;
}

export interface StoredMarkdownTwinView {
  /** The document's id in its source (see StoredDocumentView). */
  key?: string;
  state: 'published' | 'unpublished' | 'deleted';
  visibility: 'public' | 'protected';
  cUrl: string;
  modified: string;
  markdown: string | null;
  markdownHash: string | null;
  usage?: string | null;
  /** BCP 47 locale, '' for sources without locales: which llms.txt the twin points to. */
  locale?: string;
}

export interface AgentContentSource {
  findMUrl(path: string): Promise<StoredDocumentView | undefined>;
  /**
   * The row for `path` only if it is cached and still fresh: `null` for a cached miss,
   * `undefined` when unknown. Lets adapters answer hot requests without an await.
   */
  peekMUrl?(path: string): StoredDocumentView | null | undefined;
  /** The Markdown twin of the document whose M-URL path is `mPath`. */
  findMarkdownTwin(mPath: string): Promise<StoredMarkdownTwinView | undefined>;
  artifactMeta(name: string): Promise<StoredArtifactView | undefined>;
  artifact(name: string): Promise<{ meta: StoredArtifactView; body: Buffer } | undefined>;
  /** Bytes [start, end] of the generation `meta` describes; undefined once it was replaced. */
  artifactRange(meta: StoredArtifactView, start: number, end: number): Promise<Buffer | undefined>;
  listArtifacts(family?: string): Promise<StoredArtifactView[]>;
  /** Aggregate serving metrics from `fromDay` (UTC `YYYY-MM-DD`) on, for /llm-stats.json. */
  readMetrics?(fromDay: string): Promise<MetricRow[]>;
}
