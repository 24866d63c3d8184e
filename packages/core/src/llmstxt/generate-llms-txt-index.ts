import {
  collapseWhitespace,
  escapeLlmsTxtLinkName,
  markdownLinkDestination,
} from './escape-markdown';
import type { LlmsTxtLocaleIndex, LlmsTxtSite } from './llmstxt-types';
import { renderLocaleIndexes } from './render-locale-indexes';

/** One llms.txt file an index lists. */
export interface LlmsTxtIndexEntry {
  /** Link text (a section's title, "Part 3"…). */
  title: string;
  /** Absolute URL of the listed llms.txt. */
  url: string;
  /** How many pages it lists. */
  pages: number;
}

/**
 * An llms.txt that lists other llms.txt files instead of pages, for a site whose list is longer
 * than one file should be: the site's H1 and summary, a line saying why, and one H2 holding an
 * item per file. It is itself a valid llms.txt, so a reader that does not know the split still
 * finds every file from it.
 */
export function generateLlmsTxtIndex(
  site: Pick<LlmsTxtSite, 'name' | 'summary'>,
  options: {
    note: string;
    heading: string;
    files: readonly LlmsTxtIndexEntry[];
    /** Other locales' llms.txt this one leads to (see `LlmsTxtGenerateOptions`). */
    localeIndexes?: readonly LlmsTxtLocaleIndex[];
  },
): string {
  const locales = renderLocaleIndexes(options.localeIndexes, options.files.length > 0);
  // A root that only leads to other locales has no empty list of its own files.
  const files =
    options.files.length === 0 && locales.length > 0
      ? []
      : [
          `## ${collapseWhitespace(options.heading)}`,
          '',
          ...options.files.map(
            (file) =>
              `- [${escapeLlmsTxtLinkName(file.title)}](${markdownLinkDestination(file.url)}): ${file.pages} ${file.pages === 1 ? 'page' : 'pages'}`,
          ),
          '',
        ];
  return [
    `# ${collapseWhitespace(site.name)}`,
    '',
    `> ${collapseWhitespace(site.summary)}`,
    '',
    collapseWhitespace(options.note),
    '',
    ...locales,
    ...files,
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}
