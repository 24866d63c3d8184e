import type { AgentDocument } from '../../src/document/agent-document';
import { prepareDocument, type PrepareDocumentOptions } from '../../src/document/prepare-document';
import { validatorsOfBytes } from '../../src/http/representation-validators';
import type { MetricRow } from '../../src/metrics/build-agent-stats';
import type { ArtifactDescriptor } from '../../src/serve/artifact-descriptor';
import type {
  ChangeFeedPosition,
  ChangeFeedSource,
  StoredChangeView,
} from '../../src/serve/families/change-feed/read-change-feed';
import type {
  AgentContentSource,
  StoredArtifactView,
  StoredDocumentView,
  StoredMarkdownTwinView,
} from '../../src/serve/agent-content-source';

/** What a test stores as an artifact: bytes, and what the builders would say of them. */
export interface ArtifactToStore {
  name: string;
  descriptor: ArtifactDescriptor;
  body: Buffer | string;
  contentEncoding?: string;
  /** Default: the strong `sha256-` tag of the bytes. */
  etag?: string;
  lastModified?: Date;
}

interface StoredRow {
  key: string;
  document: StoredDocumentView;
  twin: StoredMarkdownTwinView;
  mPath: string;
  changeSeq: number;
  listed: boolean;
}

/**
 * A complete `AgentContentSource` (and change feed source) held in memory: documents are
 * prepared and rendered by core exactly as the store does, artifacts are the bytes a test gives.
 * For tests of the endpoints; also the smallest example of a source over other storage.
 */
export class InMemoryContentSource implements AgentContentSource, ChangeFeedSource {
  private readonly rows = new Map<string, StoredRow>();
  private readonly artifacts = new Map<string, { view: StoredArtifactView; body: Buffer }>();
  private seq = 0;
  /** Rows `peekMUrl` answers from (what a store has cached); empty until `cacheAll`. */
  private cached = new Map<string, StoredDocumentView | null>();
  readonly metrics: MetricRow[] = [];
  /** The table's epoch, as the change feed's cursors carry it. */
  epoch = 7;

  constructor(private readonly prepareOptions: PrepareDocumentOptions) {}

  /**
   * Stores a published document, rendered with `modified`; returns its served row. `extra`
   * stands for what a store may hold besides: a measured page size, or another content digest
   * (`null`: a row stored before digests were kept).
   */
  publish(
    document: AgentDocument,
    modified = '2026-01-02T03:04:05Z',
    extra: { htmlBytes?: number; contentDigest?: string | null } = {},
  ): StoredDocumentView {
    const prepared = prepareDocument(document, this.prepareOptions);
    const rendered = prepared.render(modified);
    const key = `${prepared.key}\u0000${prepared.locale}`;
    const common = {
      key: prepared.key,
      state: 'published' as const,
      visibility: prepared.visibility,
      cUrl: prepared.cUrl,
      modified,
      ...(prepared.usage !== undefined ? { usage: prepared.usage } : {}),
      locale: prepared.locale,
    };
    const row: StoredRow = {
      key,
      mPath: prepared.mPath,
      changeSeq: ++this.seq,
      listed: (this.rows.get(key)?.listed ?? false) || prepared.visibility === 'public',
      document: {
        ...common,
        mUrl: prepared.mUrl,
        hash: rendered.hash,
        body: rendered.body,
        profile: prepared.profile,
        contentDigest:
          extra.contentDigest === undefined ? rendered.contentDigest : extra.contentDigest,
        ...(extra.htmlBytes !== undefined ? { htmlBytes: extra.htmlBytes } : {}),
      },
      twin: {
        ...common,
        markdown: rendered.markdown,
        markdownHash: rendered.markdownHash,
      },
    };
    this.rows.set(key, row);
    this.cached = new Map();
    return row.document;
  }

  /** Unpublished: its M-URL answers 404; deleted: a tombstone, 410. */
  remove(id: string, reason: 'unpublished' | 'deleted', locale = ''): void {
    const row = this.rows.get(`${id}\u0000${locale}`);
    if (!row) throw new Error(`no document ${id}`);
    const gone = { state: reason, modified: '2026-02-01T00:00:00Z' } as const;
    row.document = { ...row.document, ...gone, hash: null, body: null, contentDigest: null };
    row.twin = { ...row.twin, ...gone, markdown: null, markdownHash: null };
    row.changeSeq = ++this.seq;
    this.cached = new Map();
  }

  /** Makes every row (and every miss asked for since) answerable by `peekMUrl`, as a warm cache. */
  cacheAll(): void {
    for (const row of this.rows.values()) this.cached.set(row.mPath, row.document);
  }

  putArtifact(artifact: ArtifactToStore): StoredArtifactView {
    const body =
      typeof artifact.body === 'string' ? Buffer.from(artifact.body, 'utf8') : artifact.body;
    const validators = validatorsOfBytes(body);
    const view: StoredArtifactView = {
      name: artifact.name,
      contentEncoding: artifact.contentEncoding ?? null,
      etag: artifact.etag ?? validators.etag,
      contentDigest: validators.contentDigest,
      lastModified: artifact.lastModified ?? new Date('2026-01-02T03:04:05Z'),
      size: body.length,
      descriptor: artifact.descriptor,
    };
    this.artifacts.set(artifact.name, { view, body });
    return view;
  }

  removeArtifact(name: string): void {
    this.artifacts.delete(name);
  }

  async findMUrl(path: string): Promise<StoredDocumentView | undefined> {
    return this.rowAt(path)?.document;
  }

  peekMUrl(path: string): StoredDocumentView | null | undefined {
    return this.cached.get(path);
  }

  async findMarkdownTwin(mPath: string): Promise<StoredMarkdownTwinView | undefined> {
    return this.rowAt(mPath)?.twin;
  }

  async artifactMeta(name: string): Promise<StoredArtifactView | undefined> {
    return this.artifacts.get(name)?.view;
  }

  async artifact(name: string): Promise<{ meta: StoredArtifactView; body: Buffer } | undefined> {
    const stored = this.artifacts.get(name);
    return stored && { meta: stored.view, body: stored.body };
  }

  async artifactRange(
    meta: StoredArtifactView,
    start: number,
    end: number,
  ): Promise<Buffer | undefined> {
    const stored = this.artifacts.get(meta.name);
    // Replaced since `meta` was read: that generation is gone.
    if (!stored || stored.view !== meta) return undefined;
    return stored.body.subarray(start, end + 1);
  }

  async listArtifacts(family?: string): Promise<StoredArtifactView[]> {
    return [...this.artifacts.values()]
      .map((stored) => stored.view)
      .filter((view) => family === undefined || view.descriptor.family === family)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async readMetrics(fromDay: string): Promise<MetricRow[]> {
    return this.metrics.filter((row) => row.day >= fromDay);
  }

  async feedPosition(): Promise<ChangeFeedPosition> {
    return { epoch: this.epoch, seq: this.seq };
  }

  async changesSince(afterSeq: number, limit: number): Promise<StoredChangeView[]> {
    return [...this.rows.values()]
      .filter((row) => row.listed && row.changeSeq > afterSeq)
      .sort((a, b) => a.changeSeq - b.changeSeq)
      .slice(0, limit)
      .map((row) => ({
        changeSeq: row.changeSeq,
        state: row.document.state,
        visibility: row.document.visibility,
        cUrl: row.document.cUrl,
        mUrl: row.document.mUrl,
        modified: row.document.modified,
        hash: row.document.hash,
      }));
  }

  private rowAt(mPath: string): StoredRow | undefined {
    for (const row of this.rows.values()) if (row.mPath === mPath) return row;
    return undefined;
  }
}

/** The same content without a change feed (a source that keeps none). */
export function withoutChangeFeed(source: InMemoryContentSource): AgentContentSource {
  return {
    findMUrl: (path) => source.findMUrl(path),
    peekMUrl: (path) => source.peekMUrl(path),
    findMarkdownTwin: (mPath) => source.findMarkdownTwin(mPath),
    artifactMeta: (name) => source.artifactMeta(name),
    artifact: (name) => source.artifact(name),
    artifactRange: (meta, start, end) => source.artifactRange(meta, start, end),
    listArtifacts: (family) => source.listArtifacts(family),
    readMetrics: (fromDay) => source.readMetrics(fromDay),
  };
}
