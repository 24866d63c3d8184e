import {
  AgentReadyError,
  overlayContentUsage,
  type CatalogDocument,
  type CatalogDocumentText,
  type CatalogFacets,
} from '@agent-ready/core';
import { mPathOfUrl, type McpContentSource, type McpSiteSettings } from './mcp-content-source';
import { invalid, INVALID_PARAMS, McpRequestError, RESOURCE_NOT_FOUND } from './mcp-request-error';
import { filterProperties, localeOf, searchFilters } from './search-filters';
import type { McpLimits } from './mcp-limits';

/**
 * What the server answers, apart from any transport: plain functions from a request's
 * parameters to its result, so the Streamable HTTP endpoint, the CLI's stdio server and the
 * next protocol revision's methods (2026-07-28: `server/discover`, `subscriptions/listen`)
 * share them. Shapes follow the MCP schema (2025-11-25); the `search` and `fetch` tools follow
 * what ChatGPT connectors and deep research require (one text item holding JSON: `results` of
 * `{ id, title, url }`; a document `{ id, title, text, url, metadata }`), with the same object
 * as `structuredContent`.
 */

export { INVALID_PARAMS, McpRequestError, RESOURCE_NOT_FOUND } from './mcp-request-error';

/** Who is asking: whether they passed the site's access check (protected documents). */
export interface McpCallContext {
  includeProtected: boolean;
}

export const MARKDOWN_MIME_TYPE = 'text/markdown';
const LLMS_TXT_PATH = '/llms.txt';

const SEARCH_DESCRIPTION =
  'Search the published documents of this site: a question or keywords, any word may match and documents with more of them rank first; "quoted phrases" in order. Returns ranked results with an id to pass to fetch.';

const FETCH_DESCRIPTION =
  'Fetch one published document of this site by the id a search returned (or its URL): its full text as Markdown, with its canonical URL, content hash and dates.';

/**
 * The tools, as `tools/list` lists them: the search filters' values are the site's as they are
 * now (`facets`), so a model picks a section that exists.
 */
export function listTools(
  limits: McpLimits,
  facets: CatalogFacets,
  siteLanguage: string | undefined,
) {
  const readOnly = {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  };
  return [
    {
      name: 'search',
      title: 'Search the site',
      description: SEARCH_DESCRIPTION,
      inputSchema: {
        type: 'object' as const,
        properties: {
          query: { type: 'string', description: 'What to search for.' },
          ...filterProperties(facets, siteLanguage),
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: limits.maxSearchResults,
            description: `Results per page (default 10, at most ${limits.maxSearchResults}).`,
          },
          cursor: { type: 'string', description: 'nextCursor of the page before.' },
        },
        required: ['query'],
      },
      outputSchema: {
        type: 'object' as const,
        properties: {
          results: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                title: { type: 'string' },
                url: { type: 'string' },
                text: { type: 'string' },
                metadata: { type: 'object' },
              },
              required: ['id', 'title', 'url'],
            },
          },
          nextCursor: { type: 'string' },
          hint: { type: 'string', description: 'When nothing matched: what to try instead.' },
        },
        required: ['results'],
      },
      annotations: { title: 'Search the site', ...readOnly },
    },
    {
      name: 'fetch',
      title: 'Fetch a document',
      description: FETCH_DESCRIPTION,
      inputSchema: {
        type: 'object' as const,
        properties: {
          id: { type: 'string', description: 'The id of a search result, or a document URL.' },
        },
        required: ['id'],
      },
      outputSchema: {
        type: 'object' as const,
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          text: { type: 'string' },
          url: { type: 'string' },
          metadata: { type: 'object' },
        },
        required: ['id', 'title', 'text', 'url'],
      },
      annotations: { title: 'Fetch a document', ...readOnly },
    },
  ];
}

/** An argument that must be a string when given (`required`: always), at most `max` long. */
function stringArgument(
  args: Record<string, unknown>,
  name: string,
  required: boolean,
  max = 2048,
): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) {
    if (required) invalid(`${name} is required`);
    return undefined;
  }
  if (typeof value !== 'string') invalid(`${name} must be a string`);
  if (value.length > max) invalid(`${name} is over ${max} characters`);
  return value;
}

/** What every answer says of a document: its dates, validators, locale and usage terms. */
function documentMetadata(document: CatalogDocument, settings: McpSiteSettings) {
  const usage = overlayContentUsage(settings.usage, document.usage);
  return {
    mUrl: document.mUrl,
    hash: document.hash,
    etag: `"${document.hash}"`,
    modified: document.modified,
    locale: localeOf(document.locale, settings.language),
    ...(document.language ? { language: document.language } : {}),
    type: document.section,
    ...(usage ? { contentUsage: usage } : {}),
  };
}

/** A tool's result: the object as JSON text (what connectors read) and as structured content. */
function toolResult(value: Record<string, unknown>) {
  return {
    content: [{ type: 'text' as const, text: JSON.stringify(value) }],
    structuredContent: value,
  };
}

/** A tool call that could not be answered (the spec's tool execution error, `isError`). */
function toolError(message: string) {
  return { content: [{ type: 'text' as const, text: message }], isError: true };
}

/** Errors of the store's own checks (a bad cursor, a query too long) are the caller's. */
function asRequestError(error: unknown): never {
  if (error instanceof AgentReadyError && /^(search|catalog)\./.test(error.code)) {
    invalid(error.message);
  }
  throw error;
}

export async function callTool(
  source: McpContentSource,
  limits: McpLimits,
  name: string,
  args: Record<string, unknown> | undefined,
  context: McpCallContext,
) {
  const input = args ?? {};
  // An unknown tool is a protocol fault (JSON-RPC invalid params); arguments a tool cannot take
  // are its own error (`isError`, SEP-1303), which the model reads and corrects its call by.
  if (name !== 'search' && name !== 'fetch')
    invalid(`no tool named ${JSON.stringify(String(name).slice(0, 64))}`);
  try {
    return name === 'search'
      ? await search(source, limits, input, context)
      : await fetchDocument(source, input, context);
  } catch (error) {
    if (error instanceof McpRequestError && error.code === INVALID_PARAMS)
      return toolError(error.message);
    throw error;
  }
}

async function search(
  source: McpContentSource,
  limits: McpLimits,
  args: Record<string, unknown>,
  context: McpCallContext,
) {
  const query = stringArgument(args, 'query', true, limits.maxQueryCharacters)!;
  const locale = stringArgument(args, 'locale', false, 35);
  const section = stringArgument(args, 'type', false, 128);
  const cursor = stringArgument(args, 'cursor', false, 512);
  const limit = args.limit;
  if (
    limit !== undefined &&
    (typeof limit !== 'number' ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > limits.maxSearchResults)
  )
    invalid(`limit must be a whole number from 1 to ${limits.maxSearchResults}`);
  const settings = await source.settings();
  const filters = await searchFilters(source, settings.language, locale, section, context);
  const page = await source.catalog
    .searchDocuments({
      query,
      ...filters,
      ...(cursor !== undefined ? { cursor } : {}),
      limit: (limit as number | undefined) ?? 10,
      includeProtected: context.includeProtected,
    })
    .catch(asRequestError);
  return toolResult({
    results: page.hits.map((hit) => ({
      id: hit.cUrl,
      title: hit.title,
      url: hit.cUrl,
      text: hit.snippet,
      metadata: { ...documentMetadata(hit, settings), score: hit.score },
    })),
    ...(page.nextCursor !== undefined ? { nextCursor: page.nextCursor } : {}),
    ...(page.hits.length === 0 && cursor === undefined
      ? { hint: emptySearchHint(locale !== undefined || section !== undefined) }
      : {}),
  });
}

/**
 * What a model can try when a search found nothing (any word matches and typos are corrected,
 * so the words are not on the site): other words, no filters, or the list of documents.
 */
function emptySearchHint(filtered: boolean): string {
  return `No published document matched any of these words${filtered ? ' with these filters' : ''}. Try other words the site may use (a product, a topic, a page's title)${filtered ? ', or leave out locale and type' : ''}; resources/list lists every document.`;
}

/** The published document a URL names, if any (and visible to this caller). */
async function readByUrl(
  source: McpContentSource,
  url: string,
  context: McpCallContext,
): Promise<{ document: CatalogDocumentText; settings: McpSiteSettings } | undefined> {
  const settings = await source.settings();
  const mPath = (source.mPathOf ?? mPathOfUrl)(url, settings);
  if (mPath === undefined) return undefined;
  const document = await source.catalog.readDocument(mPath, {
    includeProtected: context.includeProtected,
  });
  return document ? { document, settings } : undefined;
}

async function fetchDocument(
  source: McpContentSource,
  args: Record<string, unknown>,
  context: McpCallContext,
) {
  const id = stringArgument(args, 'id', true)!;
  const found = await readByUrl(source, id, context);
  if (!found) return toolError(`No published document has the id ${JSON.stringify(id)}.`);
  const { document, settings } = found;
  return toolResult({
    id: document.cUrl,
    title: document.title,
    text: document.markdown,
    url: document.cUrl,
    metadata: {
      ...documentMetadata(document, settings),
      markdownHash: document.markdownHash,
      ...(document.description ? { description: document.description } : {}),
    },
  });
}

/** A resource as `resources/list` lists it. */
function resourceOf(document: CatalogDocument, settings: McpSiteSettings) {
  let name = document.cUrl;
  try {
    name = new URL(document.cUrl).pathname;
  } catch {
    // Listed by its whole URL.
  }
  return {
    uri: document.cUrl,
    name,
    title: document.title,
    mimeType: MARKDOWN_MIME_TYPE,
    _meta: documentMetadata(document, settings),
  };
}

const llmsTxtUri = (settings: McpSiteSettings) =>
  `${settings.origin.replace(/\/$/, '')}${LLMS_TXT_PATH}`;

export async function listResources(
  source: McpContentSource,
  limits: McpLimits,
  cursor: string | undefined,
  context: McpCallContext,
) {
  if (cursor !== undefined && (typeof cursor !== 'string' || cursor.length > 512))
    invalid('cursor must be a string this server gave out');
  const settings = await source.settings();
  const page = await source.catalog
    .listDocuments({
      ...(cursor !== undefined ? { cursor } : {}),
      limit: limits.maxListPage,
      includeProtected: context.includeProtected,
    })
    .catch(asRequestError);
  const resources = page.documents.map((document) => resourceOf(document, settings));
  // The site's llms.txt leads the first page.
  if (cursor === undefined && (await source.llmsTxt())) {
    resources.unshift({
      uri: llmsTxtUri(settings),
      name: LLMS_TXT_PATH,
      title: settings.name ? `${settings.name}: llms.txt` : 'llms.txt',
      mimeType: MARKDOWN_MIME_TYPE,
      _meta: {} as ReturnType<typeof documentMetadata>,
    });
  }
  return { resources, ...(page.nextCursor !== undefined ? { nextCursor: page.nextCursor } : {}) };
}

export async function readResource(
  source: McpContentSource,
  uri: unknown,
  context: McpCallContext,
) {
  if (typeof uri !== 'string' || uri.length > 2048) invalid('uri must be a URI of this site');
  const settings = await source.settings();
  if (uri === llmsTxtUri(settings)) {
    const llmsTxt = await source.llmsTxt();
    if (!llmsTxt) throw new McpRequestError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`);
    return {
      contents: [
        {
          uri,
          mimeType: MARKDOWN_MIME_TYPE,
          text: llmsTxt.text,
          _meta: {
            etag: llmsTxt.etag,
            ...(llmsTxt.lastModified ? { modified: llmsTxt.lastModified.toISOString() } : {}),
          },
        },
      ],
    };
  }
  const found = await readByUrl(source, uri, context);
  if (!found)
    throw new McpRequestError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.slice(0, 200)}`);
  const { document } = found;
  return {
    contents: [
      {
        uri: document.cUrl,
        mimeType: MARKDOWN_MIME_TYPE,
        text: document.markdown,
        _meta: {
          ...documentMetadata(document, found.settings),
          markdownHash: document.markdownHash,
        },
      },
    ],
  };
}

/** `resources/subscribe`: only a resource this server has can be subscribed to. */
export async function checkSubscription(
  source: McpContentSource,
  uri: unknown,
  context: McpCallContext,
): Promise<string> {
  if (typeof uri !== 'string' || uri.length > 2048) invalid('uri must be a URI of this site');
  const settings = await source.settings();
  if (uri === llmsTxtUri(settings)) return uri;
  const found = await readByUrl(source, uri, context);
  if (!found)
    throw new McpRequestError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.slice(0, 200)}`);
  return found.document.cUrl;
}
