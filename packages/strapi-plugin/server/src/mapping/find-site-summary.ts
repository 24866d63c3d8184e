import { STRING_TYPES } from '../extraction/name-conventions';
import type { StrapiSchema } from '../schema/strapi-schema';

/**
 * Where a Strapi site keeps its own description, for llms.txt's summary when `site.summary` is
 * not set: a single type's SEO meta description (`seo.metaDescription`, `defaultSeo.metaDescription`,
 * as the public starters' Global keeps it), else its `siteDescription`. The type singular-named
 * `global` is looked at first, then the other single types of the app in name order.
 */
export interface SiteSummarySource {
  uid: string;
  /** The type's display name, for the admin ("Global"). */
  displayName: string;
  /** The attribute, then the component's attribute when in one. */
  path: [string] | [string, string];
}

/** A component's field that is the page's meta description. */
const META_DESCRIPTION = 'metaDescription';
/** A single type's own field that describes the site. */
const SITE_DESCRIPTION = 'siteDescription';

/** The source in one single type's schema, if it has one (the SEO description first). */
function sourceIn(
  uid: string,
  schema: StrapiSchema,
  component: (uid: string) => StrapiSchema | undefined,
): SiteSummarySource | undefined {
  const displayName = schema.info.displayName ?? schema.info.singularName ?? uid;
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (attribute.type !== 'component' || attribute.repeatable || attribute.private) continue;
    const field = component(attribute.component ?? '')?.attributes[META_DESCRIPTION];
    if (field && STRING_TYPES.has(field.type) && !field.private)
      return { uid, displayName, path: [name, META_DESCRIPTION] };
  }
  const own = schema.attributes[SITE_DESCRIPTION];
  if (own && STRING_TYPES.has(own.type) && !own.private)
    return { uid, displayName, path: [SITE_DESCRIPTION] };
  return undefined;
}

/** The first single type of the app that keeps a site description (see SiteSummarySource). */
export function findSiteSummarySource(
  contentTypes: Record<string, StrapiSchema>,
  component: (uid: string) => StrapiSchema | undefined,
): SiteSummarySource | undefined {
  const singles = Object.entries(contentTypes)
    .filter(([uid, schema]) => uid.startsWith('api::') && schema.kind === 'singleType')
    .sort(([a, sa], [b, sb]) => {
      const global = (schema: StrapiSchema) => (schema.info.singularName === 'global' ? 0 : 1);
      return global(sa) - global(sb) || (a < b ? -1 : a > b ? 1 : 0);
    });
  for (const [uid, schema] of singles) {
    const source = sourceIn(uid, schema, component);
    if (source) return source;
  }
  return undefined;
}

/** The source's place, as the admin says it: `Global › seo.metaDescription`. */
export function describeSiteSummarySource(source: SiteSummarySource): string {
  return `${source.displayName} › ${source.path.join('.')}`;
}

/** The Document Service call the summary is read with (a published version only). */
export interface SummaryDocumentsApi {
  findFirst(params: {
    status: 'published';
    locale?: string;
    populate?: Record<string, true>;
  }): Promise<Record<string, unknown> | null>;
}

/**
 * The published text at the source, whitespace folded, in `locale` ('' without i18n); undefined
 * when empty or not published. A draft is never read.
 */
export async function readSiteSummary(
  documents: (uid: string) => SummaryDocumentsApi,
  source: SiteSummarySource,
  locale: string,
): Promise<string | undefined> {
  const [attribute, field] = source.path;
  const entry = await documents(source.uid).findFirst({
    status: 'published',
    ...(locale ? { locale } : {}),
    ...(field ? { populate: { [attribute]: true } } : {}),
  });
  const holder = field ? entry?.[attribute] : entry;
  const value =
    holder && typeof holder === 'object'
      ? (holder as Record<string, unknown>)[field ?? attribute]
      : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}
