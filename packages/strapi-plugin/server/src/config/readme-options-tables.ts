import { renderOptionsTable, replaceGeneratedTable } from '@agent-ready/core/options';
import { contentTypeMappingSchema, pluginConfigSchema } from './plugin-config';

/** The rows of the README's settings table, in the order a reader meets them. */
export const README_SETTING_ROWS = [
  'site.origin',
  'site.name',
  'site.language',
  'site.summary',
  'site.details',
  'site.overviewPath',
  'contentTypes',
  'pluginContentTypes',
  'components',
  'urls.homeSlugs',
  'urls.localePrefix',
  'media.baseUrl',
  'locales',
  'mUrl.suffix',
  'tct.profile',
  'sitemap.maxItemsPerShard',
  'policy',
  'llmsTxt',
  'scp',
  'llmindex',
  'maxDocumentBytes',
  'tablePrefix',
  'rebuild.debounceMs',
  'rebuild.maxDelayMs',
  'rebuild.healIntervalMs',
  'revalidateAfterMs',
  'reconcile.onBootstrap',
  'reconcile.batchSize',
  'rootLink',
  'rootPage',
  'robotsTxt',
  'usage',
  'metrics',
  'mcp',
  'rateLimit',
  'botAuth',
  'edge',
  'scpObjectStorage',
  'notify',
] as const;

/** The rows of the README's mapping table. */
export const README_MAPPING_ROWS = [
  'url',
  'title',
  'body',
  'fields',
  'seo',
  'description',
  'author',
  'published',
  'section',
  'usage',
  'llmindex',
] as const;

const headings = ['Key', 'Default', 'Meaning'] as const;

/** The README with its settings and mapping tables rendered from the schemas. */
export function renderReadmeOptions(markdown: string): string {
  const settings = renderOptionsTable(pluginConfigSchema, {
    headings,
    rows: README_SETTING_ROWS,
    required: 'after-key',
  });
  const mapping = renderOptionsTable(contentTypeMappingSchema, {
    headings,
    rows: README_MAPPING_ROWS,
    required: 'after-key',
  });
  return replaceGeneratedTable(
    replaceGeneratedTable(markdown, 'config', settings),
    'contentTypes',
    mapping,
  );
}
