/**
 * The names and Strapi types the plugin reads meaning into, in one place: which attribute is a
 * title, a heading, a link's target, a setting; which types hold numbers, dates, text. Every
 * guess made from a schema without configuration (the classifier, the display attribute, the
 * default title and description, the SEO component, the link label, the default URL pattern)
 * reads its names here, and the mapping checks its options against these types.
 */

/** `sub_heading`, `subHeading`, `Sub-Heading` → `subheading`: names compared loosely. */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// Strapi attribute types.

/** Types of numbers. */
export const NUMBER_TYPES: ReadonlySet<string> = new Set([
  'integer',
  'biginteger',
  'float',
  'decimal',
]);
/** Types of dates an option may name (`published`). */
export const DATE_TYPES: ReadonlySet<string> = new Set(['date', 'datetime']);
/** Types of strings an editor types in: plain text, never rich text. */
export const STRING_TYPES: ReadonlySet<string> = new Set(['string', 'text']);
/** Types an option naming text may name (`title`, `description`, `author`...). */
export const TEXT_TYPES: ReadonlySet<string> = new Set([...STRING_TYPES, 'uid', 'enumeration']);
/** Types a path placeholder (`{fullPath*}`) may name. */
export const PATH_TYPES: ReadonlySet<string> = new Set([...STRING_TYPES, 'uid']);
/** Types of the attribute an entry is called by (its display attribute: `title`, `name`...). */
export const DISPLAY_TYPES: ReadonlySet<string> = PATH_TYPES;
/** Types any other URL placeholder may name. */
export const URL_TYPES: ReadonlySet<string> = new Set([
  ...TEXT_TYPES,
  'integer',
  'biginteger',
  'date',
]);
/** Types that never hold prose an editor wrote. */
export const NOT_PROSE_TYPES: ReadonlySet<string> = new Set([
  'uid',
  'enumeration',
  'email',
  'json',
  'boolean',
  'date',
  'datetime',
  'time',
  'timestamp',
]);

/** Attributes Strapi keeps on every entry: never content. */
export const SYSTEM_ATTRIBUTES: ReadonlySet<string> = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
]);

// Attribute names, compared as `looseName` has them unless said otherwise.

/**
 * Names of an entry's title, in the order they are looked for: the type's title when none is
 * set (exact names), and the first of the names an entry is called by (`DISPLAY_NAMES`).
 */
export const TITLE_NAMES = ['title', 'name', 'question', 'heading', 'headline'] as const;
/** Names an entry is called by where it is linked or shown in place: its title, else a label. */
export const DISPLAY_NAMES: readonly string[] = [...TITLE_NAMES, 'label'];
/** Names of short strings that are headings where they stand. */
export const HEADING_NAMES: ReadonlySet<string> = new Set([
  ...TITLE_NAMES,
  'header',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
/** Names of the type's description when none is set (exact names, in this order). */
export const DESCRIPTION_NAMES = ['description', 'excerpt', 'summary'] as const;
/** Names of the date an entry was first published when `published` is not set (exact names). */
export const PUBLISHED_NAMES = ['firstPublishedAt'] as const;
/** Attributes holding an entry's whole path (nested pages), exact names in this order. */
export const PATH_NAMES = ['fullPath', 'full_path', 'urlPath', 'url_path', 'path'] as const;
/** Names of the field a link component (a button, a CTA) labels its link with, before other text. */
export const LINK_LABEL_NAMES: ReadonlySet<string> = new Set([
  'text',
  'label',
  'title',
  'name',
  'cta',
  'buttontext',
]);

/** Names of string fields holding a link's target (loose), or ending like one (as written). */
export const URL_NAME =
  /^(url|href|link|uri|path|website|permalink|target?url|linkurl|externalurl)$/;
export const URL_SUFFIX = /(?:[a-z0-9](?:Url|URL|Href|Uri)|[_-](?:url|URL|href|uri))$/;
/** Names of string fields that configure presentation or identify things. */
export const SETTING_NAME =
  /^(variant|theme|colou?r|icon|iconname|target|class|classname|cssclass|anchor|anchorid|key|type|style|size|align|alignment|layout|position|width|height|order|sortorder|sort|span|slug|locale|lang|hash|token|mime|ext|format|mode|background|backgroundcolou?r|metarobots|robots|metaviewport|viewport|keywords|structureddata|canonicalurl|canonical|rel|id)$/;
export const SETTING_SUFFIX =
  /(?:[a-z0-9](?:Id|ID|Key|Token|Colou?r|Icon|Class|ClassName|Variant|Theme|Style|Anchor)|[_-](?:id|key|token|colou?r|icon|class|classname|variant|theme|style|anchor))$/;
/** Names of string fields holding an e-mail address, as the `email` type does: not prose. */
export const EMAIL_NAME = /^(email|emailaddress)$/;
export const EMAIL_SUFFIX = /(?:[a-z0-9](?:Email|EMail)|[_-]e-?mail)$/;
/** Names of numbers that are layout or bookkeeping, not content (a price and a count are). */
export const NUMBER_SETTING_NAME =
  /^(order|sortorder|sort|position|span|width|height|size|columns|rows|zindex|weight|index|id|version)$/;

/**
 * What the fields of an SEO component are, by name: its meta title, description and canonical
 * URL (used), or another SEO field (counted to recognize the component).
 */
export const SEO_FIELD_NAMES: Readonly<
  Record<string, 'title' | 'description' | 'canonical' | 'other'>
> = {
  metatitle: 'title',
  seotitle: 'title',
  metadescription: 'description',
  seodescription: 'description',
  canonicalurl: 'canonical',
  canonical: 'canonical',
  metaimage: 'other',
  shareimage: 'other',
  metarobots: 'other',
  keywords: 'other',
  metaviewport: 'other',
  structureddata: 'other',
  metasocial: 'other',
  opengraph: 'other',
};
