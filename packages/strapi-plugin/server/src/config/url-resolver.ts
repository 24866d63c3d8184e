import type { StrapiEntry } from '../schema/strapi-schema';

/** What a `url` function in config/plugins is given for each entry (one locale of a document). */
export interface UrlResolverInput {
  /** The entry as the plugin reads it: its text attributes, uid, relations' names and URLs' fields. */
  entry: StrapiEntry;
  /** The entry's locale ('' when the type is not localized). */
  locale: string;
  /** Strapi's default locale ('' without i18n). */
  defaultLocale: string;
  uid: string;
  documentId: string;
}

/**
 * `url: ({ entry, locale }) => '/shop/' + entry.slug`: the page's path (or absolute URL on the
 * site's origin); `undefined`, `null` or `''`: the entry has no page (not served, logged).
 */
export type UrlResolver = (input: UrlResolverInput) => string | null | undefined;
