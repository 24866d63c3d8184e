import {
  generateLlmsFullTxt,
  generateLlmsTxt,
  listLlmsTxtFiles,
  markdownTwinUrl,
  LLMS_TXT_FAMILY,
  type LlmsTxtInput,
  type LlmsTxtPage,
  type AgentSiteOptions,
} from '@agent-ready/core';
import type { ArtifactBuilder } from './artifact-builder';
import type { ArtifactInput } from './artifact-rows';
import { textArtifact } from './artifact-resources';

const TEXT_PLAIN = 'text/plain; charset=utf-8';

/**
 * `/llms.txt` (and `/llms-full.txt`), one pair per locale, from every published public row:
 * links point to the Markdown twins; llms-full.txt carries each twin's text.
 */
export function llmsTxtArtifactBuilder(options: AgentSiteOptions): ArtifactBuilder {
  const settings = options.llmsTxt === false ? undefined : (options.llmsTxt ?? {});
  return {
    family: LLMS_TXT_FAMILY,
    settingsKey: JSON.stringify(['llms-txt', 1, options.site, settings]),
    async build({ rows, lastChangeMs }) {
      if (!settings) return [];
      const full = settings.full !== false;
      const pages: LlmsTxtPage[] = [];
      const columns = full
        ? (['c_url', 'title', 'description', 'section', 'locale', 'markdown'] as const)
        : (['c_url', 'title', 'description', 'section', 'locale'] as const);
      for await (const row of rows(columns)) {
        const url = String(row.c_url);
        const page: LlmsTxtPage = {
          title: String(row.title),
          url,
          markdownUrl: markdownTwinUrl(url),
          section: String(row.section),
        };
        if (row.description) page.description = String(row.description);
        if (row.locale) page.locale = String(row.locale);
        const markdown = (row as { markdown?: unknown }).markdown;
        if (typeof markdown === 'string') page.markdown = markdown;
        pages.push(page);
      }
      const input: LlmsTxtInput = {
        site: {
          name: options.site.name,
          summary: options.site.summary ?? options.site.name,
          ...(options.site.details ? { details: options.site.details } : {}),
          baseUrl: `${options.site.origin}/`,
        },
        pages,
        ...(settings.sections ? { sections: settings.sections } : {}),
        ...(options.site.language ? { defaultLocale: options.site.language } : {}),
      };
      const lastModified = new Date(await lastChangeMs());
      const generateOptions = { linkTarget: settings.linkTarget ?? ('markdown' as const) };
      const artifacts: ArtifactInput[] = [];
      const locales = new Set(pages.map((p) => p.locale));
      const files = listLlmsTxtFiles(input).filter(
        (file) => file.isDefault || locales.has(file.locale),
      );
      for (const file of files) {
        const locale = file.locale === undefined ? {} : { locale: file.locale };
        artifacts.push(
          textArtifact({
            name: file.path,
            family: LLMS_TXT_FAMILY,
            contentType: TEXT_PLAIN,
            lastModified,
            body: generateLlmsTxt(input, { ...generateOptions, ...locale }).text,
            meta: { url: file.url, locale: file.locale ?? null },
          }),
        );
        if (full) {
          artifacts.push(
            textArtifact({
              name: file.fullPath,
              family: LLMS_TXT_FAMILY,
              contentType: TEXT_PLAIN,
              lastModified,
              body: generateLlmsFullTxt(input, locale).text,
              meta: { url: file.fullUrl, locale: file.locale ?? null, full: true },
            }),
          );
        }
      }
      return artifacts;
    },
  };
}
