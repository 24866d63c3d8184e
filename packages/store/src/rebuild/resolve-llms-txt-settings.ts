import { listLlmsTxtFiles, type LlmsTxtInput, type LlmsTxtPage } from '@agent-ready/core/llmstxt';
import type { AgentSiteOptions } from '@agent-ready/core/serve';

/** llms.txt stays readable in one go: past this size it is split per section (issue 13's budget). */
export const DEFAULT_LLMS_TXT_MAX_CHARACTERS = 50_000;

const DEFAULT_FULL_AFTER_CHANGES = 1_000;
const DEFAULT_FULL_INTERVAL_MS = 86_400_000;
/** About 100 characters an item: 500 items stay near the 50,000-character budget of one file. */
export const DEFAULT_LLMS_TXT_ITEMS_PER_PART = 500;

/** The site's `llmsTxt` options as given (undefined or `{}` when left out). */
type LlmsTxtOptions = Exclude<AgentSiteOptions['llmsTxt'], false | undefined>;

/** What the llms.txt builder lists, how, and when it rebuilds llms-full.txt. */
export interface LlmsTxtSettings {
  site: AgentSiteOptions['site'];
  /** The site's `llmsTxt` options; undefined when llms.txt is turned off. */
  llmsTxt: LlmsTxtOptions | undefined;
  afterChanges: number;
  intervalMs: number;
  itemsPerPart: number;
  maxCharacters: number;
  generateOptions: { linkTarget: 'markdown' | 'page' };
  settingsKey: string;
}

/** The llms.txt settings a site's options make, with every default filled in. */
export function resolveLlmsTxtSettings(options: AgentSiteOptions): LlmsTxtSettings {
  const settings = options.llmsTxt === false ? undefined : (options.llmsTxt ?? {});
  return {
    site: options.site,
    llmsTxt: settings,
    afterChanges: settings?.fullAfterChanges ?? DEFAULT_FULL_AFTER_CHANGES,
    intervalMs: settings?.fullIntervalMs ?? DEFAULT_FULL_INTERVAL_MS,
    itemsPerPart: settings?.itemsPerPart ?? DEFAULT_LLMS_TXT_ITEMS_PER_PART,
    maxCharacters: settings?.maxCharacters ?? DEFAULT_LLMS_TXT_MAX_CHARACTERS,
    generateOptions: { linkTarget: settings?.linkTarget ?? ('markdown' as const) },
    settingsKey: JSON.stringify(['llms-txt', 3, options.site, settings]),
  };
}

/** What the llms.txt generators take: the site as its options describe it, and `pages`. */
export function llmsTxtInputOf(llms: LlmsTxtSettings, pages: LlmsTxtPage[]): LlmsTxtInput {
  const { site, llmsTxt } = llms;
  return {
    site: {
      name: site.name,
      summary: site.summary ?? site.name,
      ...(site.details ? { details: site.details } : {}),
      baseUrl: `${site.origin}/`,
    },
    pages,
    ...(llmsTxt?.sections ? { sections: llmsTxt.sections } : {}),
    ...(site.language ? { defaultLocale: site.language } : {}),
  };
}

/** The files to serve: the default locale's always, others while they have pages. */
export function servedLlmsTxtFiles(input: LlmsTxtInput) {
  const locales = new Set(input.pages.map((p) => p.locale));
  return listLlmsTxtFiles(input).filter((file) => file.isDefault || locales.has(file.locale));
}
