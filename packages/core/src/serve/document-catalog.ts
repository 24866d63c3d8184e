/**
 * The published documents as a catalog: searched, listed in sitemap order, read one at a time
 * as their Markdown twin, and watched for changes. What the MCP server (`@agent-ready/mcp`)
 * answers from; `@agent-ready/store`'s StoreReader implements it over the table (full-text
 * search in the site's own database), the CLI over a synced local copy. Every method answers
 * only published documents; protected ones only when `includeProtected` says the requester
 * passed the site's access check.
 */

/** What every catalog answer says of a document. */
export interface CatalogDocument {
  /** The canonical URL: the document's id in the catalog, and its MCP resource URI. */
  cUrl: string;
  mUrl: string;
  title: string;
  /** BCP 47 locale, '' for sources without locales. */
  locale: string;
  /** Its section (the CMS content type, say): what the `type` filter matches. */
  section: string;
  /** Its language (BCP 47), when known. */
  language: string | null;
  /** RFC 3339. */
  modified: string;
  /** The M-URL's content hash (`sha256-…`): its ETag, unquoted. */
  hash: string;
  /** The document's own `Content-Usage` value, when it overrides the site's. */
  usage: string | null;
  visibility: 'public' | 'protected';
}

export interface CatalogSearchRequest {
  /** Words, and phrases in double quotes; every one must occur. */
  query: string;
  /**
   * Only documents whose stored locale is one of these (`''`: documents without one); an agent's
   * locale becomes this list through `matchCatalogLocales`.
   */
  locales?: readonly string[];
  /** Only documents of this section. */
  section?: string;
  /** Results per page (the source caps it). */
  limit?: number;
  /** `nextCursor` of the page before. */
  cursor?: string;
  includeProtected?: boolean;
}

export interface CatalogSearchHit extends CatalogDocument {
  /** Plain text around the first match. */
  snippet: string;
  /** Higher is better; comparable within one query only. */
  score: number;
}

export interface CatalogSearchPage {
  hits: CatalogSearchHit[];
  /** Present when more results follow. */
  nextCursor?: string;
}

export interface CatalogListRequest {
  cursor?: string;
  limit?: number;
  includeProtected?: boolean;
}

export interface CatalogListPage {
  documents: CatalogDocument[];
  nextCursor?: string;
}

/** A document as its Markdown twin (without the llms.txt directive line). */
export interface CatalogDocumentText extends CatalogDocument {
  markdown: string;
  /** `sha256-…` of `markdown`. */
  markdownHash: string;
  description: string | null;
}

/** A change to a document that was ever listed publicly, in commit order. */
export interface CatalogChange {
  cUrl: string;
  state: 'published' | 'unpublished' | 'deleted';
  visibility: 'public' | 'protected';
  /** Position in the commit order. */
  changeSeq: number;
}

/** The values a search can be filtered by, as the published documents have them now. */
export interface CatalogFacets {
  /** Stored locales, sorted (`''` when some document has none). */
  locales: string[];
  /** Sections, sorted. */
  sections: string[];
}

export interface DocumentCatalog {
  searchDocuments(request: CatalogSearchRequest): Promise<CatalogSearchPage>;
  /** The locales and sections of the documents this requester may see. */
  listFacets(options?: { includeProtected?: boolean }): Promise<CatalogFacets>;
  listDocuments(request: CatalogListRequest): Promise<CatalogListPage>;
  /** The published document whose M-URL path is `mPath`, as Markdown. */
  readDocument(
    mPath: string,
    options?: { includeProtected?: boolean },
  ): Promise<CatalogDocumentText | undefined>;
  /**
   * Calls `listener` with the changes committed after the call, in commit order, as soon as this
   * process learns of them (at once for its own writes; by notification or polling for other
   * processes'). Returns the unsubscribe function.
   */
  watchChanges(listener: (changes: readonly CatalogChange[]) => void): () => void;
}
