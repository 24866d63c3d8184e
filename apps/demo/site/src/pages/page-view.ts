import type { SafeHtml } from '../html';
import type { Section } from '../render-layout';
import type { Locale } from '../site-text';

/** What a page handler produces; the app wraps it in the layout. */
export interface PageView {
  title: string;
  description?: string | null | undefined;
  locale: Locale;
  section: Section;
  body: SafeHtml;
  alternates?: { locale: Locale; path: string }[];
  jsonLd?: object;
}
