import type { UsagePreferences } from '@agent-ready/core/usage';
import type { ContentTypeMapping, LLMINDEX_PRODUCT_KEYS } from '../config/plugin-config';
import type { FieldPlan, ReadQuery } from '../extraction/extraction-plan';
import type { SeoComponent } from '../extraction/find-seo-component';
import type { PageSource } from './page-url';
import type { TypeResolver } from './type-resolver';

// What resolving a content type gives, apart from the resolution itself: compiling a type's
// extraction (compile-type-extraction) takes and returns these without importing the resolver
// that calls it.

/** A resolved llmindex role: attribute paths for the values read from each entry. */
export type ResolvedLlmindexRole =
  | { role: 'about' | 'policy' }
  | { role: 'faq'; topic?: string[] }
  | {
      role: 'product';
      attributes: Partial<Record<(typeof LLMINDEX_PRODUCT_KEYS)[number], string[]>>;
    };

/** A content type checked against its schema: everything needed to read and map its entries. */
export interface ResolvedContentType {
  uid: string;
  displayName: string;
  single: boolean;
  localized: boolean;
  draftAndPublish: boolean;
  /** Where its pages are: a URL pattern, a function of config/plugins, or none of their own. */
  page: PageSource;
  /** What the admin pages show of `page`: the pattern, `function`, or false (no pages). */
  urlSource: string | false;
  /**
   * Attribute paths that may hold the title, in order (the mapped one, else `title`/`name`...,
   * then the SEO component's meta title); the first with a value is the title, else the body's
   * first heading, else the display name and document id.
   */
  titles: string[][];
  /** Likewise for the description: the mapped or found attribute, then the SEO meta description. */
  descriptions: string[][];
  author?: string[];
  published?: string[];
  /** The SEO component, when the type has one (its meta title and description; its canonical URL is only compared with the route). */
  seo?: SeoComponent;
  /** What each attribute becomes, in order (compiled once from the schemas). */
  body: FieldPlan[];
  section: string;
  llmindex?: ResolvedLlmindexRole;
  /** AI usage preferences of this type's documents (else the site's). */
  usage?: UsagePreferences;
  /** Document Service params that read exactly what is extracted and nothing else. */
  query: ReadQuery;
  /** `query` and the text the settings leave out: what the coverage reads, never a sync. */
  coverageQuery: ReadQuery;
  /** What a relation to this type reads to name and link its entries. */
  linkQuery: ReadQuery;
  /** The attribute naming its entries (`title`, `name`...), if any. */
  display?: string;
}

/** A type's settings as resolved before its extraction plan is compiled (which needs them all). */
export interface ResolvedBasics {
  type: Omit<ResolvedContentType, 'body' | 'coverageQuery' | 'linkQuery'>;
  resolver: TypeResolver;
  mapping: ContentTypeMapping;
  /** What linking to one of its entries reads: its name and its URL's fields. */
  urlQuery: ReadQuery;
  /** Its settings have problems (reported): its plan is still compiled, to report them all. */
  failed: boolean;
}
