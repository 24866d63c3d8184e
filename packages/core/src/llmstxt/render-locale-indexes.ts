import { escapeLlmsTxtLinkName, markdownLinkDestination } from './escape-markdown';
import type { LlmsTxtLocaleIndex } from './llmstxt-types';

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** `French (fr)`: the language's English name and its tag; the tag alone when it has no name. */
export function localeLinkName(locale: string): string {
  let name: string | undefined;
  try {
    name = LANGUAGE_NAMES.of(locale);
  } catch {
    name = undefined;
  }
  return name === undefined || name.toLowerCase() === locale.toLowerCase()
    ? locale
    : `${name} (${locale})`;
}

/**
 * The H2 section that leads from one llms.txt to the other locales' (llms.txt v1: nothing but
 * `- [name](url): notes` items), followed by a blank line; no lines when there are none.
 * `Languages` when the file lists no page of its own (a localized site's root), else
 * `Other languages`.
 */
export function renderLocaleIndexes(
  indexes: readonly LlmsTxtLocaleIndex[] | undefined,
  ownPages: boolean,
): string[] {
  if (indexes === undefined || indexes.length === 0) return [];
  return [
    `## ${ownPages ? 'Other languages' : 'Languages'}`,
    '',
    ...indexes.map(
      (index) =>
        `- [${escapeLlmsTxtLinkName(localeLinkName(index.locale))}](${markdownLinkDestination(index.url)}): ${index.pages} ${index.pages === 1 ? 'page' : 'pages'}`,
    ),
    '',
  ];
}
