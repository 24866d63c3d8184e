import { LLMINDEX_PRODUCT_KEYS, type ContentTypeMapping } from '../config/plugin-config';
import {
  contentTypeKey,
  throwConfigProblems,
  type ConfigProblem,
} from '../config/validate-plugin-config';
import type { ComponentOverrides } from '../extraction/compile-extraction-plan';
import { findSeoComponent, type SeoComponent } from '../extraction/find-seo-component';
import { compileExtraction } from './compile-type-extraction';
import type {
  ResolvedBasics,
  ResolvedContentType,
  ResolvedLlmindexRole,
} from './resolved-content-type';
import { whyNotExposable } from './exposable-content-types';
import { resolvePageSource } from './resolve-page-source';
import type { SchemaLookup, StrapiSchema } from '../schema/strapi-schema';
import {
  DATE_TYPES,
  DESCRIPTION_NAMES,
  NUMBER_TYPES,
  PUBLISHED_NAMES,
  TEXT_TYPES,
  TITLE_NAMES,
} from '../extraction/name-conventions';
import { TypeResolver } from './type-resolver';

export type { PopulateEntry } from '../extraction/extraction-plan';
export type {
  ResolvedBasics,
  ResolvedContentType,
  ResolvedLlmindexRole,
} from './resolved-content-type';

/** Options of the resolution beyond the content types. */
export interface ResolveOptions {
  /** Per-component overrides (config `components`). */
  components?: ComponentOverrides;
  /** Other plugins' types config/plugins lets `contentTypes` expose (`pluginContentTypes`). */
  pluginContentTypes?: readonly string[];
}

function sectionName(pluralName: string | undefined): string {
  const cleaned = (pluralName ?? '').replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 128);
  return cleaned === '' ? 'pages' : cleaned;
}

function resolveLlmindex(
  r: TypeResolver,
  mapping: ContentTypeMapping['llmindex'],
): ResolvedLlmindexRole | undefined {
  if (!mapping) return undefined;
  if (mapping.role === 'faq') {
    const topic = mapping.topic ? r.scalar('llmindex.topic', mapping.topic, TEXT_TYPES) : undefined;
    return { role: 'faq', ...(topic ? { topic } : {}) };
  }
  if (mapping.role !== 'product') return { role: mapping.role };
  const attributes: Extract<ResolvedLlmindexRole, { role: 'product' }>['attributes'] = {};
  for (const key of LLMINDEX_PRODUCT_KEYS) {
    const name = mapping[key];
    if (name === undefined) continue;
    const path = r.scalar(`llmindex.${key}`, name, key === 'price' ? NUMBER_TYPES : TEXT_TYPES, {
      markUsed: false,
    });
    if (path) attributes[key] = path;
  }
  return { role: 'product', attributes };
}

function resolveOne(
  uid: string,
  mapping: ContentTypeMapping,
  schema: StrapiSchema,
  lookup: SchemaLookup,
  problems: ConfigProblem[],
): ResolvedBasics {
  const before = problems.length;
  const r = new TypeResolver(uid, schema, lookup, problems);
  const single = schema.kind === 'singleType';
  const localized = schema.pluginOptions?.i18n?.localized === true;
  const draftAndPublish = schema.options?.draftAndPublish === true;

  // Where its pages are (first: the URL's fields are what linking to an entry reads).
  const page = resolvePageSource(r, mapping.url, { single, localized });
  const urlQuery = structuredClone(r.query);

  let seo: SeoComponent | undefined;
  if (mapping.seo !== false) {
    seo = findSeoComponent(schema, lookup, mapping.seo);
    if (mapping.seo !== undefined && !seo) {
      r.problem('seo', `${mapping.seo} is not a single component`, mapping.seo);
    }
  }
  const seoPath = (field: string | undefined) => (seo && field ? [seo.attribute, field] : []);
  if (seo) {
    for (const field of [seo.title, seo.description, seo.canonical]) {
      if (field) r.addRead([seo.attribute, field]);
    }
  }

  const titles: string[][] = [];
  const titleName = mapping.title ?? r.firstOf(TITLE_NAMES, TEXT_TYPES);
  if (titleName) {
    const title = r.scalar('title', titleName, TEXT_TYPES);
    if (title) titles.push(title);
  }
  if (seo?.title) titles.push(seoPath(seo.title));
  const descriptions: string[][] = [];
  const descriptionName = mapping.description ?? r.firstOf(DESCRIPTION_NAMES, TEXT_TYPES);
  if (descriptionName) {
    const description = r.scalar('description', descriptionName, TEXT_TYPES);
    if (description) descriptions.push(description);
  }
  if (seo?.description) descriptions.push(seoPath(seo.description));
  const author = mapping.author ? r.scalar('author', mapping.author, TEXT_TYPES) : undefined;
  const publishedName =
    mapping.published === false
      ? undefined
      : (mapping.published ?? r.firstOf(PUBLISHED_NAMES, DATE_TYPES));
  const published = publishedName ? r.scalar('published', publishedName, DATE_TYPES) : undefined;
  const llmindex = resolveLlmindex(r, mapping.llmindex);

  for (const name of ['updatedAt', ...(localized ? ['locale'] : [])]) r.addRead([name]);
  return {
    type: {
      uid,
      displayName: schema.info.displayName ?? schema.info.singularName ?? uid,
      single,
      localized,
      draftAndPublish,
      page: page?.source ?? { kind: 'none' },
      urlSource: page?.text ?? false,
      titles,
      descriptions,
      ...(author ? { author } : {}),
      ...(published ? { published } : {}),
      ...(seo ? { seo } : {}),
      section: mapping.section ?? sectionName(schema.info.pluralName),
      ...(llmindex ? { llmindex } : {}),
      ...(mapping.usage ? { usage: mapping.usage } : {}),
      query: r.query,
    },
    resolver: r,
    mapping,
    urlQuery,
    failed: problems.length > before || !page,
  };
}

/**
 * Problems grouped by content type in the order the config lists them (the plans' problems are
 * found in a second step), each type's in the order they were found; the rest (components) last.
 */
function inConfigOrder(problems: ConfigProblem[], uids: readonly string[]): ConfigProblem[] {
  const rank = (problem: ConfigProblem) => {
    const index = uids.findIndex((uid) => problem.field.startsWith(contentTypeKey(uid)));
    return index === -1 ? uids.length : index;
  };
  return problems
    .map((problem, at) => ({ problem, at, rank: rank(problem) }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map(({ problem }) => problem);
}

/**
 * Checks the configured content types against the real schemas (at bootstrap, once every
 * plugin has added its attributes), resolves the defaults and compiles each type's extraction
 * plan. Throws one ValidationError naming every bad key, e.g.
 * `contentTypes["api::article.article"].fields.contnet: no such attribute: contnet`.
 */
export function resolveContentTypes(
  contentTypes: Record<string, ContentTypeMapping | true>,
  lookup: SchemaLookup,
  options: ResolveOptions = {},
): Map<string, ResolvedContentType> {
  const problems: ConfigProblem[] = [];
  const basics = new Map<string, ResolvedBasics>();
  for (const [uid, value] of Object.entries(contentTypes)) {
    const notExposable = whyNotExposable(uid, options.pluginContentTypes);
    if (notExposable) {
      problems.push({ field: contentTypeKey(uid), message: notExposable });
      continue;
    }
    const schema = lookup.contentType(uid);
    if (!schema) {
      problems.push({ field: contentTypeKey(uid), message: 'no such content type' });
      continue;
    }
    basics.set(uid, resolveOne(uid, value === true ? {} : value, schema, lookup, problems));
  }
  const resolved = compileExtraction(basics, lookup, options.components ?? {}, problems);
  throwConfigProblems(inConfigOrder(problems, Object.keys(contentTypes)));
  return resolved;
}
