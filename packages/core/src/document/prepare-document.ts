import { parseContent, renderMarkdown, renderPlainText, type ContentTree } from '../content';
import { renderDocumentText } from '../content/render-plain-text';
import { escapeMarkdownHeading, escapeMarkdownText } from '../llmstxt/escape-markdown';
import { sha256Hex } from '../crypto';
import { ValidationError } from '../errors';
import { canonicalizeJson } from '../json';
import { buildScpPage, serializeScpPage, treeToScpBlocks } from '../scp';
import { DEFAULT_M_URL_SCHEME, mUrlFor, type MUrlScheme } from '../tct/m-url-path';
import { buildMUrlRepresentation, DEFAULT_MAX_M_URL_BYTES } from '../tct/build-m-url';
import { TCT_1, type TctProfile } from '../tct/tct-profile';
import { normalizeText, sanitizeServedText } from '../text';
import { toRfc3339 } from '../time';
import { normalizeUri, parseUri, resolveUrlAgainst } from '../uri';
import type { AgentDocument } from './agent-document';
import { formatContentUsage, validateUsagePreferences } from '../usage/content-usage';
import type { PreparedDocument } from './prepared-document';
import { documentValidators } from './document-validators';

export interface PrepareDocumentOptions {
  /** Public origin, e.g. `https://example.com`. */
  origin: string;
  /** Language of documents that name none. */
  language?: string;
  mUrl?: MUrlScheme;
  maxDocumentBytes?: number;
  /** The TCT wire profile the M-URL bytes are rendered in (default `tct-1`); one per site. */
  profile?: TctProfile;
}

/**
 * Bump when the rendering changes (fields, block conversion, text extraction, the twin; 2: the
 * twin says a description the body opens with only once; 3: so does the M-URL; 4: below): every document
 * is then re-rendered at the next reconcile, without a new `modified`; 4: controls,
 * bidirectional overrides and unpaired surrogates are taken out of every text, title included).
 */
export const RENDER_VERSION = 4;
/** Bump only when what counts as a semantic change changes. */
const FINGERPRINT_VERSION = 1;
export const DEFAULT_SECTION = 'pages';
const SECTION = /^[a-zA-Z0-9_-]{1,128}$/;

function toDateString(value: string | Date | undefined, field: string): string | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(Date.parse(value));
  if (Number.isNaN(date.getTime())) {
    throw new ValidationError('document.date', `${field} is not a date`, {
      field,
      value: String(value),
    });
  }
  return value instanceof Date || !/\.\d/.test(value) ? toRfc3339(date) : date.toISOString();
}

/** Every string of a JSON value through `normalizeText`, URLs and keys untouched. */
function normalizedStrings(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return key === 'url' || key === 'href' ? value : normalizeText(value);
  if (Array.isArray(value)) return value.map((item) => normalizedStrings(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizedStrings(v, k)]));
  }
  return value;
}

/** The document's one-line texts as they may be served (text/served-text.ts); the body's are the tree's. */
function withServableText(doc: AgentDocument): AgentDocument {
  const clean = (value: unknown) => (typeof value === 'string' ? sanitizeServedText(value) : value);
  return {
    ...doc,
    title: clean(doc.title) as string,
    ...(doc.description !== undefined ? { description: clean(doc.description) as string } : {}),
    ...(doc.author !== undefined ? { author: clean(doc.author) as string } : {}),
  };
}

/**
 * What identifies the settings a site's documents are rendered with (the renderer's version,
 * the profile, the origin, the M-URL scheme, the size cap): the same for every document of a
 * site, so a store can tell which of its rows were rendered under other settings.
 */
export function documentRenderKey(options: PrepareDocumentOptions): string {
  return `sha256-${sha256Hex(
    JSON.stringify([
      RENDER_VERSION,
      (options.profile ?? TCT_1).id,
      normalizeUri(options.origin).replace(/\/$/, ''),
      (options.mUrl ?? DEFAULT_M_URL_SCHEME).suffix,
      options.maxDocumentBytes ?? DEFAULT_MAX_M_URL_BYTES,
    ]),
  )}`;
}

/**
 * Turns a source document into what the engine stores: parses the body once into a content
 * tree, derives the C-URL/M-URL, a semantic fingerprint (the 6-step normalized text of every
 * field and block, so whitespace, entity spelling or theme markup changes are no-ops) and a
 * renderer for the exact M-URL bytes and the SCP page line. Throws ValidationError for a
 * document that cannot be served (bad URL, empty title, oversized body…).
 */
export function prepareDocument(
  source: AgentDocument,
  options: PrepareDocumentOptions,
): PreparedDocument {
  const doc = withServableText(source);
  if (typeof doc.id !== 'string' || doc.id === '') {
    throw new ValidationError('document.id', 'id must be a non-empty string', {
      field: 'id',
      value: doc.id,
    });
  }
  if (typeof doc.title !== 'string' || doc.title.trim() === '') {
    throw new ValidationError('document.title', `document ${doc.id} has no title`, {
      field: 'title',
      value: doc.title,
    });
  }
  const origin = normalizeUri(options.origin).replace(/\/$/, '');
  const resolve = resolveUrlAgainst(`${origin}/`);
  const cUrl = typeof doc.url === 'string' ? resolve(doc.url) : undefined;
  if (cUrl === undefined || !cUrl.startsWith(`${origin}/`)) {
    throw new ValidationError('document.url', `document ${doc.id} has no usable URL on ${origin}`, {
      field: 'url',
      value: doc.url,
    });
  }
  const scheme = options.mUrl ?? DEFAULT_M_URL_SCHEME;
  const profile = options.profile ?? TCT_1;
  const mUrl = mUrlFor(cUrl, scheme);
  const section = doc.section ?? DEFAULT_SECTION;
  if (!SECTION.test(section)) {
    throw new ValidationError('document.section', 'section must be letters, digits, - and _', {
      field: 'section',
      value: section,
    });
  }
  const locale = doc.locale ?? '';
  const language = doc.language ?? (locale || options.language || 'und');
  const tree: ContentTree = doc.body
    ? parseContent(doc.body as Parameters<typeof parseContent>[0], {
        resolveUrl: resolveUrlAgainst(cUrl),
      })
    : { children: [] };
  const content = renderDocumentText({ title: doc.title, tree });
  // CMS excerpts often repeat the body's first paragraph: the M-URL then says it once, in content.
  const descriptionRepeated =
    doc.description !== undefined && opensWith(renderPlainText(tree), doc.description);
  const blocks = treeToScpBlocks(tree);
  const published = toDateString(doc.published, 'published');
  const llmindex = llmindexOf(doc);
  const usage =
    doc.usage === undefined
      ? undefined
      : formatContentUsage(validateUsagePreferences(doc.usage, 'usage'));
  const sourceModified = toDateString(doc.modified, 'modified');
  const dependsOn = dependenciesOf(doc);

  const fingerprint = `sha256-${sha256Hex(
    canonicalizeJson({
      v: FINGERPRINT_VERSION,
      url: cUrl,
      title: normalizeText(doc.title),
      content: normalizeText(content),
      description: doc.description === undefined ? null : normalizeText(doc.description),
      author: doc.author === undefined ? null : normalizeText(doc.author),
      language,
      published: published ?? null,
      structuredData: doc.structuredData ?? null,
      blocks: normalizedStrings(blocks),
      llmindex: llmindex ?? null,
      usage: usage ?? null,
    }),
  )}`;
  const renderKey = documentRenderKey({ ...options, origin, mUrl: scheme, profile });

  return {
    key: doc.id,
    locale,
    cUrl,
    mUrl,
    mPath: parseUri(mUrl).path,
    fingerprint,
    renderKey,
    profile: profile.name,
    visibility: doc.visibility ?? 'public',
    section,
    title: doc.title,
    ...(doc.description !== undefined ? { description: doc.description } : {}),
    language,
    ...(doc.revision !== undefined ? { revision: doc.revision } : {}),
    ...(sourceModified !== undefined ? { sourceModified } : {}),
    ...(llmindex !== undefined ? { llmindex } : {}),
    ...(usage !== undefined ? { usage } : {}),
    ...(dependsOn !== undefined ? { dependsOn } : {}),
    render(modified) {
      const representation = buildMUrlRepresentation(
        {
          canonicalUrl: cUrl,
          title: doc.title,
          content,
          ...(language !== 'und' ? { language } : {}),
          ...(published !== undefined ? { published } : {}),
          modified,
          ...(doc.description !== undefined && !descriptionRepeated
            ? { description: doc.description }
            : {}),
          ...(doc.author !== undefined ? { author: doc.author } : {}),
          ...(doc.structuredData !== undefined ? { structuredData: doc.structuredData } : {}),
        },
        { maxBytes: options.maxDocumentBytes ?? DEFAULT_MAX_M_URL_BYTES, profile },
      );
      const page = buildScpPage({
        url: cUrl,
        title: doc.title,
        description: doc.description ?? '',
        modified,
        language,
        // SCP requires at least one block: an empty body still says what the page is.
        content:
          blocks.length > 0 ? blocks : [{ type: 'text', text: doc.description ?? doc.title }],
        ...(doc.author !== undefined ? { author: doc.author } : {}),
        ...(published !== undefined ? { published } : {}),
        ...(doc.structuredData !== undefined ? { schema: doc.structuredData } : {}),
      });
      const markdown = markdownTwin(doc.title, doc.description, tree);
      return {
        body: representation.body,
        ...documentValidators({ mUrl: representation, markdown }),
        scpLine: serializeScpPage(page),
        markdown,
      };
    },
  };
}

/**
 * The Markdown twin: the same content as the M-URL, with its structure kept. The description
 * comes after the title unless the body already opens with it (CMS excerpts often repeat the
 * first paragraph): agents pay for every token, so the twin says it once.
 */
function markdownTwin(title: string, description: string | undefined, tree: ContentTree): string {
  const parts = [`# ${escapeMarkdownHeading(title)}`];
  const body = renderMarkdown(tree).trimEnd();
  const lead = description === undefined ? '' : escapeMarkdownText(description.trim());
  if (lead !== '' && !opensWith(body, lead)) parts.push(lead);
  if (body !== '') parts.push(body);
  return `${parts.join('\n\n')}\n`;
}

/** Whether a text's first paragraph is `lead`, compared as normalized text (TCT's 6 steps). */
function opensWith(text: string, lead: string): boolean {
  const opening = text.split(/\n{2,}/, 1)[0] ?? '';
  return normalizeText(lead) !== '' && normalizeText(lead) === normalizeText(opening);
}

/** The longest dependency a store keeps (an index key on every database). */
const MAX_DEPENDENCY_LENGTH = 191;

/** `dependsOn`, checked: non-empty strings of at most 191 characters, sorted, each once. */
function dependenciesOf(doc: AgentDocument): readonly string[] | undefined {
  if (doc.dependsOn === undefined) return undefined;
  if (!Array.isArray(doc.dependsOn)) {
    throw new ValidationError('document.depends-on', 'dependsOn must be an array of strings', {
      field: 'dependsOn',
    });
  }
  for (const target of doc.dependsOn as unknown[]) {
    if (typeof target !== 'string' || target === '' || target.length > MAX_DEPENDENCY_LENGTH) {
      throw new ValidationError(
        'document.depends-on',
        `dependsOn holds strings of 1 to ${MAX_DEPENDENCY_LENGTH} characters`,
        { field: 'dependsOn', value: String(target) },
      );
    }
  }
  const sorted = [...new Set(doc.dependsOn)].sort();
  return sorted.length > 0 ? sorted : undefined;
}

const LLMINDEX_ROLES = new Set(['product', 'faq', 'policy', 'about']);

function llmindexOf(doc: AgentDocument): PreparedDocument['llmindex'] {
  const input = doc.llmindex;
  if (input === undefined) return undefined;
  if (typeof input !== 'object' || input === null || !LLMINDEX_ROLES.has(input.role)) {
    throw new ValidationError(
      'document.llmindex',
      'llmindex.role must be product, faq, policy or about',
      {
        field: 'llmindex.role',
        value: (input as { role?: unknown } | null)?.role,
      },
    );
  }
  const { role, ...rest } = input;
  if (role === 'product') {
    const product = (rest as { product?: unknown }).product;
    if (
      typeof product !== 'object' ||
      product === null ||
      typeof (product as { availability?: unknown }).availability !== 'string'
    ) {
      throw new ValidationError(
        'document.llmindex',
        'a product needs llmindex.product with an availability',
        {
          field: 'llmindex.product',
          value: product,
        },
      );
    }
    return { role, data: servableStrings(product as Record<string, unknown>) };
  }
  return { role, data: servableStrings(rest as Record<string, unknown>) };
}

/** An llmindex role's values (product names, brands, FAQ topics) as they may be served. */
function servableStrings(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === 'string' ? sanitizeServedText(value) : value,
    ]),
  );
}
