import type { ContentTree } from '../content/content-tree';
import type { JsonValue } from '../json';
import type { UsagePreferences } from '../usage/content-usage';

/** Body formats a CMS holds; see `parseContent`. */
export type AgentDocumentBody =
  | { format: 'strapi-blocks'; value: unknown }
  | { format: 'markdown'; value: string }
  | { format: 'html'; value: string }
  | { format: 'text'; value: string }
  /** A tree the adapter built from structured fields (`parseContentTree`). */
  | { format: 'content-tree'; value: ContentTree };

/** A published document as an app or CMS hands it over: the input of `prepareDocument`. */
export interface AgentDocument {
  /** Stable identity in the source (Strapi documentId, a file path, a database id). */
  id: string;
  /** BCP 47 locale of this version, for multilingual sources. */
  locale?: string;
  /** The C-URL: absolute, or a path on the site's origin. */
  url: string;
  title: string;
  body?: AgentDocumentBody;
  description?: string;
  author?: string;
  /** BCP 47; defaults to `locale`, then the site's language. */
  language?: string;
  published?: string | Date;
  /** The source's last modification; used as `modified` when the content really changed. */
  modified?: string | Date;
  /** SCP section (and llms.txt section); default `pages`. */
  section?: string;
  /** Schema.org JSON-LD or similar. */
  structuredData?: { [key: string]: JsonValue };
  /** `protected`: served only through the app's access hook, never listed publicly. */
  visibility?: 'public' | 'protected';
  /** Source revision for ordering concurrent saves (higher wins), e.g. updatedAt in ms. */
  revision?: number;
  /**
   * What this document contributes to the llmindex `/llm/*` pages and products feed: a
   * `product` (with its offer data), a `faq` entry (question = title, answer = body), a
   * `policy` (title + body) or the `about` text (body).
   */
  llmindex?: AgentDocumentLlmindexRole;
  /** AI usage preferences for this document: each term set here overrides the site's (e.g. per content type). */
  usage?: UsagePreferences;
  /**
   * What else this document was made from, in the source's own terms (the ids of the related
   * entries and media files it shows or takes its URL from): the store keeps them beside the
   * row, so a change of one finds the documents to make again (`dependentsOf`). Not content:
   * no part of the fingerprint.
   */
  dependsOn?: readonly string[];
}

export type AgentDocumentLlmindexRole =
  | { role: 'product'; product: LlmindexProductData }
  | { role: 'faq'; topic?: string }
  | { role: 'policy' }
  | { role: 'about' };

/** Offer data of a product document (llmindex §5); title, URL and description come from the document. */
export interface LlmindexProductData {
  /** Feed id; defaults to the document id. */
  id?: string;
  price?: number;
  currency?: string;
  priceRange?: { min: number; max: number; currency: string };
  /** `in_stock`, `out_of_stock`, `preorder` or a common spelling of them. */
  availability: string;
  brand?: string;
  category?: string;
  imageUrl?: string;
}
