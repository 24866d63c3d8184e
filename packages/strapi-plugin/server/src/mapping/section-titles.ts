import type { LlmsTxtSiteOptions } from '@agent-ready/core';
import type { ResolvedContentType } from './resolved-content-type';

/**
 * llms.txt's section headings as editors name their content types (`## Products`,
 * `## Blog page`), not the raw section keys (`## products`, `## blog-pages`): each section is
 * titled with the display name of its first content type, under the titles the config gives
 * (which win). Two sections whose display names collide keep their keys (llms.txt refuses two
 * sections of one title).
 */
export function withSectionTitles<T extends { llmsTxt?: LlmsTxtSiteOptions | false }>(
  config: T,
  types: Iterable<Pick<ResolvedContentType, 'section' | 'displayName'>>,
): T {
  if (config.llmsTxt === false) return config;
  const given = config.llmsTxt?.sections?.titles ?? {};
  const titles: Record<string, string> = { ...given };
  const taken = new Set(Object.values(given));
  for (const type of types) {
    if (Object.hasOwn(titles, type.section)) continue;
    const title = type.displayName.trim();
    titles[type.section] = title !== '' && !taken.has(title) ? title : type.section;
    taken.add(titles[type.section]!);
  }
  return {
    ...config,
    llmsTxt: {
      ...config.llmsTxt,
      sections: { ...config.llmsTxt?.sections, titles },
    },
  };
}
