/** The site an llms.txt file describes. */
export interface LlmsTxtSite {
  /** The H1: the site's or project's name. */
  name: string;
  /** The blockquote summary (made single-line). */
  summary: string;
  /** Optional Markdown prose between the summary and the first section (no headings). */
  details?: string;
  /** Absolute base URL; relative page URLs resolve against it and the files live under it. */
  baseUrl: string;
  /** Per-locale overrides of the name, summary and details. */
  locales?: Record<string, Partial<Pick<LlmsTxtSite, 'name' | 'summary' | 'details'>>>;
}

/** One document (a CMS entry, a page) that llms.txt may list. */
export interface LlmsTxtPage {
  /** The link text. */
  title: string;
  /** The human page (absolute, or relative to `site.baseUrl`). */
  url: string;
  /** The page's Markdown twin; llms.txt links to it by default when present. */
  markdownUrl?: string;
  /** The link's notes (made single-line). */
  description?: string;
  /** Section key; see `LlmsTxtSectionOptions`. Default `LLMS_TXT_DEFAULT_SECTION`. */
  section?: string;
  /** BCP 47 tag; a page without one belongs to the input's `defaultLocale`. */
  locale?: string;
  /** `false` leaves the page out of every output. Default `true`. */
  include?: boolean;
  /** `false` leaves the page out of llms-full.txt only. Default: `include`. */
  includeInFull?: boolean;
  /** The page's full Markdown, for llms-full.txt (pages without it are left out there). */
  markdown?: string;
}

export interface LlmsTxtSectionOptions {
  /** Section keys in output order; sections not named follow in order of first appearance. */
  order?: string[];
  /** H2 titles by section key (default: the key itself). */
  titles?: Record<string, string>;
  /** H2 titles by locale, then section key; wins over `titles`. */
  localizedTitles?: Record<string, Record<string, string>>;
  /** Section key of pages without one. Default `LLMS_TXT_DEFAULT_SECTION`. */
  defaultSection?: string;
}

export interface LlmsTxtInput {
  site: LlmsTxtSite;
  pages: readonly LlmsTxtPage[];
  sections?: LlmsTxtSectionOptions;
  /** The locale of `/llms.txt` and of pages without a `locale`. */
  defaultLocale?: string;
  /** Path prefix per non-default locale (default: the tag itself, e.g. `zh-CN/`). */
  localePaths?: Record<string, string>;
}

export interface LlmsTxtGenerateOptions {
  /** Which locale's file to generate. Default: the input's `defaultLocale`. */
  locale?: string;
  /** Link to the Markdown twin when a page has one (`'markdown'`, default) or to the page. */
  linkTarget?: 'markdown' | 'page';
  /**
   * The other locales' files this one leads to: on a localized site, the root `/llms.txt` (and
   * `/llms-full.txt`) names each locale's, in an H2 section of its own before the pages.
   */
  localeIndexes?: readonly LlmsTxtLocaleIndex[];
}

/** Another locale's llms.txt (or llms-full.txt), as a file that leads to it lists it. */
export interface LlmsTxtLocaleIndex {
  /** BCP 47 tag. */
  locale: string;
  /** Absolute URL of its file. */
  url: string;
  /** How many pages it lists. */
  pages: number;
}

export interface LlmsTxtOutput {
  text: string;
  /** UTF-8 size of `text`, for size budgets. */
  byteLength: number;
  /** Number of link items (llms.txt) or documents (llms-full.txt). */
  itemCount: number;
}

/** A per-locale pair of files and where they are served. */
export interface LlmsTxtFileLocation {
  /** The locale, or `undefined` for a site without locales. */
  locale: string | undefined;
  isDefault: boolean;
  /** URL path of llms.txt, e.g. `/llms.txt` or `/de/llms.txt` (under the base URL's path). */
  path: string;
  url: string;
  fullPath: string;
  fullUrl: string;
}

/** A link relation for a page (v2 discovery); another module serializes `Link` headers. */
export interface LlmsTxtLinkRelation {
  href: string;
  rel: 'describedby' | 'alternate';
  type?: string;
}

/** A parsed llms.txt file. Texts are as written (Markdown escapes are not decoded). */
export interface ParsedLlmsTxt {
  title: string;
  summary?: string;
  /** Everything between the summary and the first H2, trimmed. */
  info?: string;
  sections: ParsedLlmsTxtSection[];
}

export interface ParsedLlmsTxtSection {
  name: string;
  /** 1-based line of the H2. */
  line: number;
  links: ParsedLlmsTxtLink[];
}

export interface ParsedLlmsTxtLink {
  title: string;
  url: string;
  notes?: string;
  line: number;
}

export type LlmsTxtProblemCode =
  | 'missing_title'
  | 'heading_in_info'
  | 'empty_section_name'
  | 'duplicate_section'
  | 'not_a_link_item';

export interface LlmsTxtProblem {
  code: LlmsTxtProblemCode;
  /** 1-based line number. */
  line: number;
  message: string;
}
