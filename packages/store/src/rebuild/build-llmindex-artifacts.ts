import {
  buildLlmindexJwks,
  buildLlmindexManifest,
  buildLlmindexProductLine,
  formatLlmindexProductFeed,
  LLMINDEX_KEYS_PATH,
  LLMINDEX_MANIFEST_PATH,
  LLMINDEX_PROOF_PATH,
  llmindexProofFileBody,
  renderLlmindexAboutPage,
  renderLlmindexFaqPage,
  renderLlmindexPoliciesPage,
  renderLlmindexProductsPage,
  signLlmindexManifest,
  type LlmindexFaqEntry,
  type LlmindexPolicy,
  type LlmindexProductLine,
  type LlmindexProductsPageItem,
} from '@agent-ready/core/llmindex';
import {
  LLMINDEX_FAMILY,
  type AgentSiteOptions,
  type ArtifactDescriptor,
  type LlmindexBuild,
} from '@agent-ready/core/serve';
import type {
  ArtifactBuildContext,
  ArtifactBuildResult,
  ArtifactBuilder,
  DocumentColumn,
} from './artifact-builder';
import { textArtifact, type ArtifactInput } from '../artifacts/artifact-input';

const PRODUCTS_FEED_PATH = '/llm/feed/products.jsonl';

/** The site's `llmindex` options, when llmindex is turned on. */
type LlmindexOptions = Exclude<AgentSiteOptions['llmindex'], false | undefined>;

/** The columns read of each document with a role. */
const ROLE_COLUMNS = [
  'doc_key',
  'c_url',
  'title',
  'description',
  'modified',
  'markdown',
  'llm_role',
  'llm_data',
  'section',
] as const satisfies readonly DocumentColumn[];

type RoleRow = Record<(typeof ROLE_COLUMNS)[number] | 'id', unknown>;

/** What the documents with a role give the pages, the feed and the manifest. */
interface RoleDocuments {
  /** The sections holding a document with a role: a change there may touch the endpoints. */
  roleSections: Set<string>;
  products: LlmindexProductsPageItem[];
  feed: LlmindexProductLine[];
  faq: LlmindexFaqEntry[];
  policies: LlmindexPolicy[];
  about: string[];
}

/** The body of a stored Markdown twin without its `# Title` line: the document's own text. */
function twinBody(markdown: unknown): string {
  return String(markdown ?? '')
    .replace(/^# [^\n]*\n+/, '')
    .trim();
}

/** A document's llmindex data (`llm_data`), or nothing when it is missing or not JSON. */
function parseData(value: unknown): Record<string, unknown> {
  try {
    return typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What the installed manifest remembers of its build: enough to tell whether a burst touches it. */
function readBuildState(descriptor: ArtifactDescriptor | undefined): LlmindexBuild | undefined {
  return descriptor?.family === LLMINDEX_FAMILY && descriptor.kind === 'manifest'
    ? descriptor.build
    : undefined;
}

/**
 * The llmindex endpoints (DECISIONS §3): the v0.1 manifest at `/.well-known/llmindex.json`
 * (signed, with its JWKS, when a key is configured), the ownership proof file, the four `/llm/*`
 * Markdown pages (with and without `.md`) made from documents carrying an llmindex role, and the
 * products feed.
 *
 * Only documents with a role feed them, so a burst that changed none (and none in a section that
 * had one) keeps them as installed and reads nothing: an edit to one of a million articles does
 * not re-read the catalogue.
 */
export function llmindexArtifactBuilder(options: AgentSiteOptions): ArtifactBuilder {
  const settings = options.llmindex === false ? undefined : options.llmindex;
  const settingsKey = JSON.stringify(['llmindex', 1, options.site, settings]);
  return {
    family: LLMINDEX_FAMILY,
    settingsKey,
    build: (context) => buildLlmindexArtifacts(context, options, settings, settingsKey),
  };
}

/** Every endpoint from the documents with a role, or all kept as installed when none changed. */
async function buildLlmindexArtifacts(
  context: ArtifactBuildContext,
  options: AgentSiteOptions,
  settings: LlmindexOptions | undefined,
  settingsKey: string,
): Promise<ArtifactInput[] | ArtifactBuildResult> {
  if (!settings) return [];
  const kept = await keepUntouchedEndpoints(context, settingsKey);
  if (kept) return kept;
  const updatedAt = new Date(await context.lastChangeMs());
  const documents = await readRoleDocuments(context);
  return [
    ...pageArtifacts(options, documents, updatedAt),
    ...(await manifestArtifacts(options, settings, settingsKey, documents, updatedAt)),
  ];
}

/**
 * Every installed endpoint, kept, when they were built under these settings and the burst
 * changed no document with a role, nor one in a section that had one; undefined otherwise.
 */
async function keepUntouchedEndpoints(
  context: ArtifactBuildContext,
  settingsKey: string,
): Promise<ArtifactBuildResult | undefined> {
  if (context.installedSeq === 0) return undefined;
  const installed = readBuildState(await context.installedDescriptor(LLMINDEX_MANIFEST_PATH));
  if (installed?.settingsKey !== settingsKey) return undefined;
  const roleSections = new Set(installed.roleSections);
  const changed = await context.changedRows(context.installedSeq);
  if (changed.some((row) => row.role !== null || roleSections.has(row.section))) return undefined;
  const kept = await context.installedArtifacts(LLMINDEX_FAMILY);
  return { artifacts: [], keep: kept.map((artifact) => artifact.name) };
}

/** The documents with a role, each in the list its role feeds. */
async function readRoleDocuments(context: ArtifactBuildContext): Promise<RoleDocuments> {
  const documents: RoleDocuments = {
    roleSections: new Set<string>(),
    products: [],
    feed: [],
    faq: [],
    policies: [],
    about: [],
  };
  for await (const row of context.rows(ROLE_COLUMNS, { role: true }))
    addRoleDocument(documents, row);
  return documents;
}

/** One document added to the list of its role (a role this version does not know adds nothing). */
function addRoleDocument(documents: RoleDocuments, row: RoleRow): void {
  documents.roleSections.add(String(row.section));
  const title = String(row.title);
  const url = String(row.c_url);
  const data = parseData(row.llm_data);
  switch (row.llm_role) {
    case 'product': {
      const product = {
        title,
        url,
        ...(typeof row.description === 'string' ? { description: row.description } : {}),
        ...(data as Partial<LlmindexProductsPageItem>),
      } as LlmindexProductsPageItem;
      documents.products.push(product);
      documents.feed.push(productLineOf(row, data, title, url));
      break;
    }
    case 'faq':
      documents.faq.push({
        question: title,
        answer: { markdown: twinBody(row.markdown) },
        ...(typeof data.topic === 'string' ? { topic: data.topic } : {}),
      });
      break;
    case 'policy':
      documents.policies.push({ title, body: { markdown: twinBody(row.markdown) }, url });
      break;
    case 'about':
      documents.about.push(twinBody(row.markdown));
      break;
  }
}

/** A product document's line of the products feed. */
function productLineOf(
  row: RoleRow,
  data: Record<string, unknown>,
  title: string,
  url: string,
): LlmindexProductLine {
  return buildLlmindexProductLine({
    id: typeof data.id === 'string' ? data.id : String(row.doc_key),
    title,
    url,
    availability: String(data.availability ?? 'in_stock'),
    updatedAt: String(row.modified),
    ...(data.imageUrl ? { imageUrl: String(data.imageUrl) } : {}),
    ...(typeof data.price === 'number' ? { price: data.price } : {}),
    ...(typeof data.currency === 'string' ? { currency: data.currency } : {}),
    ...(data.priceRange
      ? { priceRange: data.priceRange as LlmindexProductLine['price_range'] & object }
      : {}),
    ...(typeof data.brand === 'string' ? { brand: data.brand } : {}),
    ...(typeof data.category === 'string' ? { category: data.category } : {}),
  } as Parameters<typeof buildLlmindexProductLine>[0]);
}

/** The four `/llm/*` Markdown pages (each with and without `.md`), and the products feed. */
function pageArtifacts(
  options: AgentSiteOptions,
  documents: RoleDocuments,
  updatedAt: Date,
): ArtifactInput[] {
  const { products, faq, policies, about, feed } = documents;
  const common = { updatedAt, baseUrl: `${options.site.origin}/` };
  const pages: Record<string, string> = {
    '/llm/products': renderLlmindexProductsPage({ ...common, products }),
    '/llm/policies': renderLlmindexPoliciesPage({ ...common, policies }),
    '/llm/faq': renderLlmindexFaqPage({ ...common, faq }),
    '/llm/about': renderLlmindexAboutPage({
      ...common,
      name: options.site.name,
      about:
        about.length > 0
          ? { markdown: about.join('\n\n') }
          : (options.site.summary ?? options.site.name),
    }),
  };
  const artifacts: ArtifactInput[] = [];
  for (const [path, markdown] of Object.entries(pages)) {
    for (const name of [path, `${path}.md`]) {
      artifacts.push(
        textArtifact({
          name,
          descriptor: { family: LLMINDEX_FAMILY, kind: 'page' },
          lastModified: updatedAt,
          body: markdown,
        }),
      );
    }
  }
  if (feed.length > 0) {
    artifacts.push(
      textArtifact({
        name: PRODUCTS_FEED_PATH,
        descriptor: { family: LLMINDEX_FAMILY, kind: 'feed' },
        lastModified: updatedAt,
        body: formatLlmindexProductFeed(feed),
      }),
    );
  }
  return artifacts;
}

/**
 * The manifest, signed with its JWKS beside it when a key is configured, and the ownership proof
 * file when ownership is proven by one. The manifest's descriptor keeps the sections holding a
 * role, what the next burst checks its changes against.
 */
async function manifestArtifacts(
  options: AgentSiteOptions,
  settings: LlmindexOptions,
  settingsKey: string,
  documents: RoleDocuments,
  updatedAt: Date,
): Promise<ArtifactInput[]> {
  const artifacts: ArtifactInput[] = [];
  const origin = options.site.origin;
  let manifest: object = buildLlmindexManifest({
    entity: { name: options.site.name, canonicalUrl: origin },
    language: options.site.language ?? 'en',
    topics: settings.topics,
    updatedAt,
    ...(documents.feed.length > 0 ? { feeds: { productsJsonl: PRODUCTS_FEED_PATH } } : {}),
    ...(settings.verify ? { verify: settings.verify } : {}),
    ...(settings.license ? { license: settings.license } : {}),
  });
  if (settings.signingKey) {
    manifest = await signLlmindexManifest(manifest as Record<string, unknown>, settings.signingKey);
    artifacts.push(
      textArtifact({
        name: LLMINDEX_KEYS_PATH,
        descriptor: { family: LLMINDEX_FAMILY, kind: 'keys' },
        lastModified: updatedAt,
        body: JSON.stringify(buildLlmindexJwks([settings.signingKey])),
      }),
    );
  }
  artifacts.push(
    textArtifact({
      name: LLMINDEX_MANIFEST_PATH,
      descriptor: {
        family: LLMINDEX_FAMILY,
        kind: 'manifest',
        build: { settingsKey, roleSections: [...documents.roleSections].sort() },
      },
      lastModified: updatedAt,
      body: `${JSON.stringify(manifest, null, 2)}\n`,
    }),
  );
  if (settings.verify?.method === 'http_file') {
    artifacts.push(
      textArtifact({
        name: LLMINDEX_PROOF_PATH,
        descriptor: { family: LLMINDEX_FAMILY, kind: 'proof' },
        lastModified: updatedAt,
        body: llmindexProofFileBody(settings.verify.value),
      }),
    );
  }
  return artifacts;
}
