import type { UsagePreferences } from '@agent-ready/core/usage';
import { LLMINDEX_PRODUCT_KEYS, type ContentTypeMapping } from '../config/plugin-config';
import {
  contentTypeKey,
  throwConfigProblems,
  type ConfigProblem,
} from '../config/validate-plugin-config';
import { whyNotExposable } from './exposable-content-types';
import type { SchemaLookup, StrapiAttribute, StrapiSchema } from './strapi-schema';
import { parseUrlPattern, type UrlPattern } from './url-pattern';

/** How a component's fields feed a body: Strapi blocks JSON, Markdown, or plain text. */
export type TextFormat = 'blocks' | 'richtext' | 'text';

export interface BodySource {
  attribute: string;
  type: 'blocks' | 'richtext' | 'text' | 'string' | 'dynamiczone' | 'component';
  /** Dynamic zones and components: per component UID, its text fields in schema order. */
  componentFields?: Record<string, { name: string; format: TextFormat }[]>;
}

/** A resolved llmindex role: attribute paths for the values read from each entry. */
export type ResolvedLlmindexRole =
  | { role: 'about' | 'policy' }
  | { role: 'faq'; topic?: string[] }
  | {
      role: 'product';
      attributes: Partial<Record<(typeof LLMINDEX_PRODUCT_KEYS)[number], string[]>>;
    };

/** A content type checked against its schema: everything needed to read and map its entries. */
export interface ResolvedContentType {
  uid: string;
  single: boolean;
  localized: boolean;
  draftAndPublish: boolean;
  url: UrlPattern;
  /** Attribute paths (`['title']`, `['author', 'name']`). */
  title: string[];
  description?: string[];
  author?: string[];
  published?: string[];
  body: BodySource[];
  section: string;
  llmindex?: ResolvedLlmindexRole;
  /** AI usage preferences of this type's documents (else the site's). */
  usage?: UsagePreferences;
  /** Document Service params that read exactly the mapped attributes and nothing else. */
  query: { fields: string[]; populate: Record<string, PopulateEntry> };
}

/** Document Service populate for one relation, component or dynamic zone. */
export interface PopulateEntry {
  fields?: string[];
  /** Dynamic zones: per component UID, the fields to read. */
  on?: Record<string, { fields: string[] }>;
}

export const TEXT_TYPES: ReadonlySet<string> = new Set(['string', 'text', 'uid', 'enumeration']);
export const URL_TYPES: ReadonlySet<string> = new Set([
  'string',
  'text',
  'uid',
  'enumeration',
  'integer',
  'biginteger',
  'date',
]);
export const DATE_TYPES: ReadonlySet<string> = new Set(['date', 'datetime']);
const NUMBER_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal']);
export const BODY_TYPES: ReadonlySet<string> = new Set([
  'blocks',
  'richtext',
  'text',
  'string',
  'dynamiczone',
  'component',
]);
const COMPONENT_TEXT_TYPES: Record<string, TextFormat> = {
  blocks: 'blocks',
  richtext: 'richtext',
  text: 'text',
};
/** Reading these could never be right, whatever the mapping says. */
const SECRET_TYPES = new Set(['password']);
const SINGLE_RELATION = /^(oneToOne|manyToOne|oneWay)$/;

function sectionName(pluralName: string): string {
  const cleaned = pluralName.replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 128);
  return cleaned === '' ? 'pages' : cleaned;
}

class TypeResolver {
  readonly fields = new Set<string>();
  readonly populate: ResolvedContentType['query']['populate'] = {};

  constructor(
    private readonly uid: string,
    private readonly schema: StrapiSchema,
    private readonly lookup: SchemaLookup,
    private readonly problems: ConfigProblem[],
  ) {}

  private isHidden(name: string, attribute: StrapiAttribute): string | undefined {
    if (attribute.private === true || this.lookup.privateAttributes?.includes(name)) {
      return 'is a private attribute';
    }
    if (SECRET_TYPES.has(attribute.type)) return `is of type ${attribute.type}`;
    return undefined;
  }

  /** Adds fields to read from a relation or component (several mappings may read one). */
  private addPopulate(name: string, entry: PopulateEntry): void {
    const existing = this.populate[name];
    if (!existing) {
      this.populate[name] = entry;
      return;
    }
    if (entry.fields) {
      existing.fields = [...new Set([...(existing.fields ?? []), ...entry.fields])];
    }
    if (entry.on) existing.on = { ...existing.on, ...entry.on };
  }

  problem(key: string, message: string, value?: unknown): undefined {
    this.problems.push({ field: contentTypeKey(this.uid, key), message, value });
    return undefined;
  }

  /** Resolves `attr` or `relation.attr` / `component.attr` to a readable scalar of `types`. */
  scalar(key: string, path: string, types: ReadonlySet<string>): string[] | undefined {
    const [head, tail] = path.split('.') as [string, string | undefined];
    const attribute = this.schema.attributes[head];
    if (!attribute) return this.problem(key, `no such attribute: ${head}`, path);
    const hidden = this.isHidden(head, attribute);
    if (hidden) return this.problem(key, `${head} ${hidden}`, path);
    if (tail === undefined) {
      if (!types.has(attribute.type)) {
        return this.problem(
          key,
          `${head} is of type ${attribute.type}; expected ${[...types].join(', ')}`,
          path,
        );
      }
      this.fields.add(head);
      return [head];
    }
    let target: StrapiSchema | undefined;
    if (attribute.type === 'relation') {
      if (!SINGLE_RELATION.test(attribute.relation ?? '') || !attribute.target) {
        return this.problem(key, `${head} must be a to-one relation`, path);
      }
      if (attribute.target.startsWith('admin::')) {
        return this.problem(key, `${head} points at admin users, which are never exposed`, path);
      }
      target = this.lookup.contentType(attribute.target);
    } else if (attribute.type === 'component' && !attribute.repeatable && attribute.component) {
      target = this.lookup.component(attribute.component);
    } else {
      return this.problem(
        key,
        `${head} must be a to-one relation or a single component to read ${tail} from`,
        path,
      );
    }
    const nested = target?.attributes[tail];
    if (!target || !nested) return this.problem(key, `no such attribute: ${path}`, path);
    const nestedHidden = this.isHidden(tail, nested);
    if (nestedHidden) return this.problem(key, `${path} ${nestedHidden}`, path);
    if (!types.has(nested.type)) {
      return this.problem(
        key,
        `${path} is of type ${nested.type}; expected ${[...types].join(', ')}`,
        path,
      );
    }
    this.addPopulate(head, { fields: [tail] });
    return [head, tail];
  }

  componentTextFields(componentUid: string): { name: string; format: TextFormat }[] {
    const component = this.lookup.component(componentUid);
    if (!component) return [];
    return Object.entries(component.attributes).flatMap(([name, attribute]) => {
      const format = COMPONENT_TEXT_TYPES[attribute.type];
      return format && !this.isHidden(name, attribute) ? [{ name, format }] : [];
    });
  }

  body(key: string, name: string): BodySource | undefined {
    const attribute = this.schema.attributes[name];
    if (!attribute) return this.problem(key, `no such attribute: ${name}`, name);
    const hidden = this.isHidden(name, attribute);
    if (hidden) return this.problem(key, `${name} ${hidden}`, name);
    if (!BODY_TYPES.has(attribute.type)) {
      return this.problem(
        key,
        `${name} is of type ${attribute.type}; expected ${[...BODY_TYPES].join(', ')}`,
        name,
      );
    }
    const type = attribute.type as BodySource['type'];
    if (type === 'dynamiczone' || type === 'component') {
      const uids =
        type === 'dynamiczone'
          ? (attribute.components ?? [])
          : attribute.component
            ? [attribute.component]
            : [];
      const componentFields = Object.fromEntries(
        uids.map((uid) => [uid, this.componentTextFields(uid)]),
      );
      // Components without text fields contribute nothing, so they are not read at all.
      const withText = uids.filter((uid) => componentFields[uid]!.length > 0);
      const fieldsOf = (uid: string) => componentFields[uid]!.map((f) => f.name);
      if (withText.length > 0) {
        this.addPopulate(
          name,
          type === 'dynamiczone'
            ? { on: Object.fromEntries(withText.map((uid) => [uid, { fields: fieldsOf(uid) }])) }
            : { fields: fieldsOf(withText[0]!) },
        );
      }
      return { attribute: name, type, componentFields };
    }
    this.fields.add(name);
    return { attribute: name, type };
  }

  firstOf(names: string[], types: ReadonlySet<string>): string | undefined {
    return names.find((name) => {
      const attribute = this.schema.attributes[name];
      return attribute && types.has(attribute.type) && !this.isHidden(name, attribute);
    });
  }
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
    const path = r.scalar(`llmindex.${key}`, name, key === 'price' ? NUMBER_TYPES : TEXT_TYPES);
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
): ResolvedContentType | undefined {
  const before = problems.length;
  const r = new TypeResolver(uid, schema, lookup, problems);
  const single = schema.kind === 'singleType';
  const localized = schema.pluginOptions?.i18n?.localized === true;
  const draftAndPublish = schema.options?.draftAndPublish === true;

  const titleName = mapping.title ?? r.firstOf(['title', 'name'], TEXT_TYPES);
  const title = titleName
    ? r.scalar('title', titleName, TEXT_TYPES)
    : r.problem('title', 'no title or name attribute: name the attribute to use');
  const descriptionName =
    mapping.description ?? r.firstOf(['description', 'excerpt', 'summary'], TEXT_TYPES);
  const description = descriptionName
    ? r.scalar('description', descriptionName, TEXT_TYPES)
    : undefined;
  const author = mapping.author ? r.scalar('author', mapping.author, TEXT_TYPES) : undefined;
  const publishedName =
    mapping.published === false
      ? undefined
      : (mapping.published ?? r.firstOf(['firstPublishedAt'], DATE_TYPES));
  const published = publishedName ? r.scalar('published', publishedName, DATE_TYPES) : undefined;

  const firstOfType = (types: string[]) =>
    Object.entries(schema.attributes).find(
      ([name, a]) =>
        types.includes(a.type) && !a.private && !lookup.privateAttributes?.includes(name),
    )?.[0];
  // The default body: the first blocks or rich-text field, else the first dynamic zone (the
  // `blocks` zone of Strapi's example Article).
  const bodyNames =
    mapping.body === undefined
      ? [firstOfType(['blocks', 'richtext']) ?? firstOfType(['dynamiczone'])].filter(
          (n): n is string => n !== undefined,
        )
      : Array.isArray(mapping.body)
        ? mapping.body
        : [mapping.body];
  const body = bodyNames
    .map((name, index) => r.body(Array.isArray(mapping.body) ? `body[${index}]` : 'body', name))
    .filter((b): b is BodySource => b !== undefined);

  let urlSource = mapping.url;
  if (urlSource === undefined) {
    const slug = Object.entries(schema.attributes).find(
      ([name, a]) => a.type === 'uid' && !a.private && !lookup.privateAttributes?.includes(name),
    )?.[0];
    const base = single
      ? `/${schema.info.singularName}/`
      : `/${schema.info.pluralName}/{${slug ?? 'documentId'}}/`;
    urlSource = localized ? `/{locale}${base}` : base;
  }
  let url: UrlPattern | undefined;
  try {
    url = parseUrlPattern(urlSource, contentTypeKey(uid, 'url'));
  } catch (error) {
    r.problem('url', (error as Error).message.replace(/^.*?: /, ''), urlSource);
  }
  for (const placeholder of url?.placeholders ?? []) {
    if (placeholder === 'documentId') continue;
    if (placeholder === 'locale') {
      if (!localized) r.problem('url', '{locale} is used but the content type is not localized');
      continue;
    }
    r.scalar('url', placeholder, URL_TYPES);
  }
  const llmindex = resolveLlmindex(r, mapping.llmindex);
  if (problems.length > before || !url || !title) return undefined;

  for (const name of ['updatedAt', ...(localized ? ['locale'] : [])]) r.fields.add(name);
  return {
    uid,
    single,
    localized,
    draftAndPublish,
    url,
    title,
    ...(description ? { description } : {}),
    ...(author ? { author } : {}),
    ...(published ? { published } : {}),
    body,
    section: mapping.section ?? sectionName(schema.info.pluralName),
    ...(llmindex ? { llmindex } : {}),
    ...(mapping.usage ? { usage: mapping.usage } : {}),
    query: { fields: [...r.fields], populate: r.populate },
  };
}

/**
 * Checks the configured content types against the real schemas (at bootstrap, once every
 * plugin has added its attributes) and resolves the defaults. Throws one ValidationError naming
 * every bad key, e.g. `contentTypes["api::article.article"].body: no such attribute: content`.
 */
export function resolveContentTypes(
  contentTypes: Record<string, ContentTypeMapping | true>,
  lookup: SchemaLookup,
  pluginContentTypes: readonly string[] = [],
): Map<string, ResolvedContentType> {
  const problems: ConfigProblem[] = [];
  const resolved = new Map<string, ResolvedContentType>();
  for (const [uid, value] of Object.entries(contentTypes)) {
    const notExposable = whyNotExposable(uid, pluginContentTypes);
    if (notExposable) {
      problems.push({ field: contentTypeKey(uid), message: notExposable });
      continue;
    }
    const schema = lookup.contentType(uid);
    if (!schema) {
      problems.push({ field: contentTypeKey(uid), message: 'no such content type' });
      continue;
    }
    const type = resolveOne(uid, value === true ? {} : value, schema, lookup, problems);
    if (type) resolved.set(uid, type);
  }
  throwConfigProblems(problems);
  return resolved;
}
