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
import type { ArtifactBuilder } from './artifact-builder';
import { textArtifact, type ArtifactInput } from '../artifacts/artifact-input';

const PRODUCTS_FEED_PATH = '/llm/feed/products.jsonl';
/** llmindex §2: manifests SHOULD be cacheable for an hour and revalidated. */
/** The body of a stored Markdown twin without its `# Title` line: the document's own text. */
function twinBody(markdown: unknown): string {
  return String(markdown ?? '')
    .replace(/^# [^\n]*\n+/, '')
    .trim();
}

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
  const origin = options.site.origin;
  const settingsKey = JSON.stringify(['llmindex', 1, options.site, settings]);
  return {
    family: LLMINDEX_FAMILY,
    settingsKey,
    async build(context) {
      if (!settings) return [];
      const { rows, lastChangeMs } = context;
      if (context.installedSeq > 0) {
        const installed = readBuildState(await context.installedDescriptor(LLMINDEX_MANIFEST_PATH));
        if (installed?.settingsKey === settingsKey) {
          const roleSections = new Set(installed.roleSections);
          const changed = await context.changedRows(context.installedSeq);
          if (!changed.some((row) => row.role !== null || roleSections.has(row.section))) {
            const kept = await context.installedArtifacts(LLMINDEX_FAMILY);
            return { artifacts: [], keep: kept.map((artifact) => artifact.name) };
          }
        }
      }
      const roleSections = new Set<string>();
      const updatedAt = new Date(await lastChangeMs());
      const products: LlmindexProductsPageItem[] = [];
      const feed: LlmindexProductLine[] = [];
      const faq: LlmindexFaqEntry[] = [];
      const policies: LlmindexPolicy[] = [];
      const about: string[] = [];
      for await (const row of rows(
        [
          'doc_key',
          'c_url',
          'title',
          'description',
          'modified',
          'markdown',
          'llm_role',
          'llm_data',
          'section',
        ],
        {
          role: true,
        },
      )) {
        roleSections.add(String(row.section));
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
            products.push(product);
            feed.push(
              buildLlmindexProductLine({
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
              } as Parameters<typeof buildLlmindexProductLine>[0]),
            );
            break;
          }
          case 'faq':
            faq.push({
              question: title,
              answer: { markdown: twinBody(row.markdown) },
              ...(typeof data.topic === 'string' ? { topic: data.topic } : {}),
            });
            break;
          case 'policy':
            policies.push({ title, body: { markdown: twinBody(row.markdown) }, url });
            break;
          case 'about':
            about.push(twinBody(row.markdown));
            break;
        }
      }
      const common = { updatedAt, baseUrl: `${origin}/` };
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
      let manifest: object = buildLlmindexManifest({
        entity: { name: options.site.name, canonicalUrl: origin },
        language: options.site.language ?? 'en',
        topics: settings.topics,
        updatedAt,
        ...(feed.length > 0 ? { feeds: { productsJsonl: PRODUCTS_FEED_PATH } } : {}),
        ...(settings.verify ? { verify: settings.verify } : {}),
        ...(settings.license ? { license: settings.license } : {}),
      });
      if (settings.signingKey) {
        manifest = await signLlmindexManifest(
          manifest as Record<string, unknown>,
          settings.signingKey,
        );
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
            build: { settingsKey, roleSections: [...roleSections].sort() },
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
    },
  };
}
