import { collapseWhitespace, markdownLinkDestination } from './escape-markdown';
import { escapeLlmsTxtLinkName } from './generate-llms-txt';
import type { LlmsTxtSite } from './llmstxt-types';

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
  options: { note: string; heading: string; files: readonly LlmsTxtIndexEntry[] },
): string {
  return [
    `# ${collapseWhitespace(site.name)}`,
    '',
    `> ${collapseWhitespace(site.summary)}`,
    '',
    collapseWhitespace(options.note),
    '',
    `## ${collapseWhitespace(options.heading)}`,
    '',
    ...options.files.map(
      (file) =>
        `- [${escapeLlmsTxtLinkName(file.title)}](${markdownLinkDestination(file.url)}): ${file.pages} ${file.pages === 1 ? 'page' : 'pages'}`,
    ),
    '',
  ].join('\n');
}
