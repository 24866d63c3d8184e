import type { AgentSiteOptions, UsagePreferences } from '@agent-ready/core';

/**
 * How one content type becomes agent documents. Every value names an attribute of the content
 * type (or `relation.attribute` / `component.attribute` one level down); only the attributes
 * named here (or found by the defaults) are ever read, so nothing else can leak.
 */
export interface ContentTypeMapping {
  /**
   * C-URL pattern on the public origin, e.g. `/blog/{slug}/`. Placeholders: attribute paths
   * (`{slug}`, `{category.slug}`), `{documentId}`, `{locale}`; values are percent-encoded.
   * Default: `/{pluralName}/{uid attribute or documentId}/` (single types `/{singularName}/`),
   * prefixed with `/{locale}` when the type is localized.
   */
  url?: string;
  /** Default: `title`, else `name`. */
  title?: string;
  /**
   * The content: one attribute or several, concatenated in order. `blocks`, `richtext`
   * (Markdown), `text`/`string` (plain text), a dynamic zone or a component (their `text`,
   * `richtext` and `blocks` fields, in schema order). Default: the first `blocks` or `richtext`
   * attribute.
   */
  body?: string | string[];
  /** Default: `description`, `excerpt` or `summary` when present. */
  description?: string;
  author?: string;
  /**
   * A date attribute holding the first publication date, or `false`. Default: Strapi's
   * `firstPublishedAt` when the type has it. (`publishedAt` is not used: Strapi renews it on
   * every publish, so a save that changes nothing would look like new content.)
   */
  published?: string | false;
  /** SCP and llms.txt section. Default: the type's plural name. */
  section?: string;
  /**
   * What the documents of this type add to the llmindex `/llm/*` pages and products feed (used
   * when `llmindex` is on): `about` (the body), `policy` (title and body), `faq` (question =
   * title, answer = body) or `product` (its offer data). Default: none.
   */
  llmindex?: LlmindexMapping;
  /**
   * AI usage preferences for this type's documents, overriding the site's `usage` (their
   * `Content-Usage` header), e.g. `{ trainAi: false }` for paid articles. Default: the site's.
   */
  usage?: UsagePreferences;
}

/**
 * An llmindex role. The product and FAQ values name attributes, like the rest of the mapping:
 * `{ role: 'product', price: 'price', currency: 'currency', availability: 'stock' }`.
 */
export type LlmindexMapping =
  | { role: 'about' }
  | { role: 'policy' }
  | {
      role: 'faq';
      /** Attribute holding the entry's topic (a string or enumeration). */
      topic?: string;
    }
  | {
      role: 'product';
      /**
       * Attribute with `in_stock`, `out_of_stock` or `preorder` (or a common spelling). A
       * version without a value is still served, but left out of the products feed.
       */
      availability: string;
      /** Number attribute (decimal, float, integer). */
      price?: string;
      /** Attribute with an ISO 4217 code such as EUR. */
      currency?: string;
      /** Feed id attribute, e.g. a SKU. Default: the document key. */
      id?: string;
      brand?: string;
      category?: string;
      /** Attribute holding an absolute image URL. */
      imageUrl?: string;
    };

/** The attribute-valued keys of a product mapping, in the order they are read. */
export const LLMINDEX_PRODUCT_KEYS = [
  'availability',
  'price',
  'currency',
  'id',
  'brand',
  'category',
  'imageUrl',
] as const;

/** The `config` of `agent-ready` in `config/plugins.(js|ts)`. */
export interface AgentReadyPluginConfig extends Omit<AgentSiteOptions, 'protect'> {
  /** Exposed content types by UID (`api::article.article`): `true` for the defaults, or a mapping. */
  contentTypes: Record<string, ContentTypeMapping | true>;
  /** Exposed locales (codes). Default: every locale. */
  locales?: string[];
  /** Prefix of the plugin's tables in Strapi's database. Default `agent_ready_`. */
  tablePrefix?: string;
  /** Artifact rebuild timing (see the store's RegenerationEngine). */
  rebuild?: { debounceMs?: number; maxDelayMs?: number; healIntervalMs?: number };
  reconcile?: {
    /** Bring the table in line with the content at every start (default true). */
    onBootstrap?: boolean;
    /** Documents read per query (default 100). */
    batchSize?: number;
  };
  /** Add `Link: <sitemap>; rel="index"` to the server root's response (default true). */
  rootLink?: boolean;
  /**
   * What `/` answers: `admin-redirect` (default) keeps Strapi's redirect to the admin panel, with
   * the discovery Link on it; `agent-index` answers a small page carrying the Link itself, for a
   * Strapi that is the public origin (agents need a 2xx root, DECISIONS §1). A root Strapi would
   * 404 always gets the index.
   */
  rootPage?: 'admin-redirect' | 'agent-index';
}

/**
 * The `config` of config/plugins as loaded: checked, but a required setting may still be missing
 * (see REQUIRED_SETTINGS), in which case the plugin is not configured yet.
 */
export type FilePluginConfig = Omit<AgentReadyPluginConfig, 'site' | 'contentTypes'> & {
  site: Partial<AgentReadyPluginConfig['site']>;
  contentTypes?: AgentReadyPluginConfig['contentTypes'];
};

export const PLUGIN_ID = 'agent-ready';
