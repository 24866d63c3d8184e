/** The families of stored artifacts, each served by its own module. */
export const SITEMAP_FAMILY = 'tct-sitemap';
export const LLMS_TXT_FAMILY = 'llms-txt';
export const SCP_FAMILY = 'scp';
export const LLMINDEX_FAMILY = 'llmindex';
