import { sha256Hex } from '@agent-ready/core/crypto';
import { ValidationError } from '@agent-ready/core/errors';
import {
  makeSnippet,
  parseSearchQuery,
  searchKeywords,
  type SearchQuery,
} from '@agent-ready/core/text';
import type {
  CatalogChange,
  CatalogDocument,
  CatalogDocumentText,
  CatalogListPage,
  CatalogListRequest,
  CatalogSearchHit,
  CatalogSearchPage,
  CatalogFacets,
  CatalogSearchRequest,
  DocumentCatalog,
} from '@agent-ready/core/serve';
import { urlKey, type StoredDocument } from './sync-state';

/** A document of the local copy, read from its stored M-URL body. */
interface LocalDocument {
  catalog: CatalogDocument;
  mPath: string;
  markdown: string;
  description: string | null;
  /** Lower-cased, accents folded: what words are matched in. */
  folded: { title: string; text: string };
  text: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const string = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The catalog's view of a stored M-URL (TCT: every profile carries title and plain text). */
function localDocumentOf(stored: StoredDocument): LocalDocument | undefined {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(stored.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const title = string(body.title) ?? stored.cUrl;
  const content = string(body.content) ?? '';
  const text = content.startsWith(title) ? content.slice(title.length).trimStart() : content;
  const markdown = `# ${title}\n\n${text}\n`;
  const language = string(body.language) ?? null;
  let mPath = stored.mUrl;
  try {
    mPath = new URL(stored.mUrl).pathname;
  } catch {
    // Keyed by its whole URL.
  }
  return {
    catalog: {
      cUrl: stored.cUrl,
      mUrl: stored.mUrl,
      title,
      locale: language ?? '',
      section: '',
      language,
      modified:
        string(body.modified) ??
        string(body.date_modified) ??
        stored.lastModified ??
        stored.fetchedAt,
      hash: stored.hash,
      usage: null,
      visibility: 'public',
    },
    mPath,
    markdown,
    description: string(body.description) ?? null,
    folded: { title: fold(title), text: fold(content) },
    text: content,
  };
}

/** Offsets as cursors (a local copy changes only between refreshes). */
function cursorOf(offset: number, scope: string): string {
  return Buffer.from(JSON.stringify([offset, scope]), 'utf8').toString('base64url');
}

function offsetOf(cursor: string | undefined, scope: string): number {
  if (cursor === undefined) return 0;
  try {
    const [offset, bound] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (
      typeof offset === 'number' &&
      Number.isSafeInteger(offset) &&
      offset >= 0 &&
      bound === scope
    )
      return offset;
  } catch {
    // Refused below.
  }
  throw new ValidationError('catalog.cursor', 'the cursor is not one this listing gave out', {
    field: 'cursor',
    value: cursor.slice(0, 100),
  });
}

/** How often a term (a word, or a phrase as a run of text) occurs in folded text. */
function occurrences(haystack: string, words: readonly string[]): number {
  const needle = fold(words.join(' '));
  if (needle === '') return 0;
  let count = 0;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[^\\p{L}\\p{N}]+')}`,
    'gu',
  );
  for (const _ of haystack.matchAll(pattern)) count++;
  return count;
}

/**
 * The published documents of a site as the sync client's local copy holds them (its M-URLs),
 * as a `DocumentCatalog`: what `agent-ready mcp <origin>` serves over stdio. Searched in
 * memory (every term must occur, as a word's start; title matches weigh ten times), listed by
 * canonical URL, read as Markdown made from the M-URL's text. `replace` puts a refreshed copy
 * in force and tells watchers what changed.
 */
export class LocalCopyCatalog implements DocumentCatalog {
  private documents: LocalDocument[] = [];
  private byMPath = new Map<string, LocalDocument>();
  private version = '';
  private readonly listeners = new Set<(changes: readonly CatalogChange[]) => void>();
  private changeSeq = 0;

  /** Puts the copy's documents in force; returns (and tells watchers) what changed. */
  replace(stored: readonly StoredDocument[]): CatalogChange[] {
    const before = new Map(this.documents.map((d) => [d.catalog.cUrl, d.catalog.hash]));
    const documents = stored
      .map(localDocumentOf)
      .filter((d): d is LocalDocument => d !== undefined)
      .sort((a, b) =>
        a.catalog.cUrl < b.catalog.cUrl ? -1 : a.catalog.cUrl > b.catalog.cUrl ? 1 : 0,
      );
    const changes: CatalogChange[] = [];
    for (const document of documents) {
      if (before.get(document.catalog.cUrl) !== document.catalog.hash)
        changes.push({
          cUrl: document.catalog.cUrl,
          state: 'published',
          visibility: 'public',
          changeSeq: ++this.changeSeq,
        });
      before.delete(document.catalog.cUrl);
    }
    for (const cUrl of before.keys())
      changes.push({ cUrl, state: 'deleted', visibility: 'public', changeSeq: ++this.changeSeq });
    this.documents = documents;
    this.byMPath = new Map(documents.map((d) => [d.mPath, d]));
    this.version = sha256Hex(documents.map((d) => d.catalog.hash).join(',')).slice(0, 12);
    if (changes.length > 0) for (const listener of [...this.listeners]) listener(changes);
    return changes;
  }

  /** The M-URL path of the document a URL names (its canonical URL or its M-URL), if held. */
  mPathOf(url: string): string | undefined {
    const key = urlKey(url);
    const found = this.documents.find(
      (d) => urlKey(d.catalog.cUrl) === key || urlKey(d.catalog.mUrl) === key,
    );
    return found?.mPath;
  }

  get size(): number {
    return this.documents.length;
  }

  async listFacets(): Promise<CatalogFacets> {
    const locales = new Set(this.documents.map((d) => d.catalog.locale));
    const sections = new Set(this.documents.map((d) => d.catalog.section).filter(Boolean));
    return { locales: [...locales].sort(), sections: [...sections].sort() };
  }

  async searchDocuments(request: CatalogSearchRequest): Promise<CatalogSearchPage> {
    const query: SearchQuery = parseSearchQuery(request.query);
    const limit = Math.max(1, Math.min(50, Math.floor(request.limit ?? 10) || 10));
    const locales = request.locales ? new Set(request.locales) : undefined;
    const scope = `${this.version}:${sha256Hex(JSON.stringify([query.terms, locales ? [...locales].sort() : null, request.section ?? null])).slice(0, 12)}`;
    const offset = offsetOf(request.cursor, scope);
    if (query.terms.length === 0) return { hits: [] };
    const keywords = searchKeywords(query, request.locales ?? []);
    const ranked: { document: LocalDocument; score: number }[] = [];
    for (const document of this.documents) {
      if (locales && !locales.has(document.catalog.locale)) continue;
      if (request.section !== undefined && document.catalog.section !== request.section) continue;
      // As the store ranks (relevance-score.ts there): any term matches, stop words dropped,
      // the terms held first, then the relevance squashed into [0, 1).
      let relevance = 0;
      let held = 0;
      for (const words of keywords.terms) {
        const inTitle = occurrences(document.folded.title, words);
        const inText = occurrences(document.folded.text, words);
        if (inTitle + inText === 0) continue;
        held++;
        relevance += 10 * inTitle + inText / (1 + Math.log1p(document.folded.text.length / 1000));
      }
      if (held > 0) ranked.push({ document, score: held + relevance / (1 + relevance) });
    }
    ranked.sort(
      (a, b) => b.score - a.score || (a.document.catalog.cUrl < b.document.catalog.cUrl ? -1 : 1),
    );
    const page = ranked.slice(offset, offset + limit);
    const hits: CatalogSearchHit[] = page.map(({ document, score }) => ({
      ...document.catalog,
      snippet: makeSnippet(document.text, keywords.terms, document.catalog.title),
      score,
    }));
    return {
      hits,
      ...(offset + limit < ranked.length ? { nextCursor: cursorOf(offset + limit, scope) } : {}),
    };
  }

  async listDocuments(request: CatalogListRequest): Promise<CatalogListPage> {
    const limit = Math.max(1, Math.min(500, Math.floor(request.limit ?? 100) || 100));
    const offset = offsetOf(request.cursor, this.version);
    const documents = this.documents.slice(offset, offset + limit).map((d) => d.catalog);
    return {
      documents,
      ...(offset + limit < this.documents.length
        ? { nextCursor: cursorOf(offset + limit, this.version) }
        : {}),
    };
  }

  async readDocument(mPath: string): Promise<CatalogDocumentText | undefined> {
    const document = this.byMPath.get(mPath);
    if (!document) return undefined;
    return {
      ...document.catalog,
      markdown: document.markdown,
      markdownHash: `sha256-${sha256Hex(document.markdown)}`,
      description: document.description,
    };
  }

  watchChanges(listener: (changes: readonly CatalogChange[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
