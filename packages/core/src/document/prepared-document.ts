import type { TctProfileName } from '../tct/tct-profile';
import type { StoredDocumentValidators } from './document-validators';

/**
 * The storage-agnostic unit of regeneration: everything the engine needs to decide whether a
 * save changed anything, and to render the stored artifacts when it did. Built once per save by
 * `prepareDocument` (CPU work, outside any database transaction).
 */
export interface PreparedDocument {
  /** Stable identity in the source, e.g. `api::article.article:h3k9…`. */
  key: string;
  /** BCP 47 locale, or '' for sources without locales. */
  locale: string;
  /** Normalized C-URL. */
  cUrl: string;
  /** Normalized M-URL. */
  mUrl: string;
  /** Path of the M-URL (what an adapter looks a request up by). */
  mPath: string;
  /**
   * `sha256-…` over everything semantic: the normalized text fields and the structure of the
   * content. Equal fingerprints mean a save changed nothing an agent could notice.
   */
  fingerprint: string;
  /**
   * Identifies the renderer version and the settings that shape the bytes (origin, profile,
   * M-URL scheme…). A new render key re-renders a document without bumping its `modified`.
   */
  renderKey: string;
  /** The TCT profile the M-URL bytes are rendered in (part of the render key). */
  profile: TctProfileName;
  /** `protected` documents are served only through the access hook, never listed publicly. */
  visibility: 'public' | 'protected';
  /** SCP section. */
  section: string;
  title: string;
  description?: string;
  language?: string;
  /**
   * Source revision for ordering concurrent regenerations of one document (e.g. the CMS's
   * updatedAt in ms): a save carrying a lower revision than the stored one is stale and ignored.
   */
  revision?: number;
  /** The source's own modification time (RFC 3339), used for `modified` when content changed. */
  sourceModified?: string;
  /** The document's own `Content-Usage` value (AIPREF), when it overrides the site's. */
  usage?: string;
  /** llmindex role and data, as stored (see AgentDocument.llmindex). */
  llmindex?: { role: string; data: Record<string, unknown> };
  /** What else it was made from (AgentDocument.dependsOn): sorted, each once; absent when none. */
  dependsOn?: readonly string[];
  /** Renders the stored artifacts for a given `modified` (RFC 3339). Deterministic. */
  render(modified: string): RenderedDocument;
}

/** The stored artifacts of a document, with the validators they are served with. */
export interface RenderedDocument extends StoredDocumentValidators {
  /** Exact M-URL body bytes, in the site's profile. */
  body: Buffer;
  /** The SCP page line (JSON, no newline). */
  scpLine: string;
  /** The Markdown twin: `# title`, the description, then the body as CommonMark/GFM. */
  markdown: string;
}
