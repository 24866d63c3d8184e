import { contentTypeKey } from '../config/validate-plugin-config';
import type { UrlResolver } from '../config/url-resolver';
import type { PageSource } from './page-url';
import { PATH_NAMES, PATH_TYPES, URL_TYPES } from '../extraction/name-conventions';
import type { TypeResolver } from './type-resolver';
import {
  isPathPlaceholder,
  parseUrlPattern,
  placeholderAttribute,
  type UrlPattern,
} from './url-pattern';

/** A type's pages and how the admin pages name them. */
export interface ResolvedPageSource {
  source: PageSource;
  /** The pattern, `function`, or false (no pages of its own). */
  text: string | false;
}

/**
 * The default pattern: a path attribute (`fullPath`...) is the URL; else a `uid` attribute
 * gives `/{pluralName}/{slug}/`; both prefixed with `/{locale}` when localized. Without either
 * (FAQs, testimonials, settings-like single types), the type has no pages of its own: its
 * entries reach agents inside the pages that reference them.
 */
function defaultPattern(r: TypeResolver, localized: boolean, single: boolean): string | undefined {
  const readable = (name: string, types: ReadonlySet<string>) => {
    const attribute = r.schema.attributes[name];
    return attribute !== undefined && types.has(attribute.type) && !r.isHidden(name, attribute);
  };
  const prefix = localized ? '/{locale}' : '';
  const pathField = PATH_NAMES.find((name) => readable(name, PATH_TYPES));
  if (pathField) return `${prefix}/{${pathField}*}`;
  if (single) return undefined;
  const slug = Object.entries(r.schema.attributes).find(
    ([name, attribute]) => attribute.type === 'uid' && !r.isHidden(name, attribute),
  )?.[0];
  if (!slug) return undefined;
  return `${prefix}/${r.schema.info.pluralName ?? r.schema.info.singularName ?? 'pages'}/{${slug}}/`;
}

/**
 * Where a type's pages are, from its `url` setting: a pattern (its placeholders checked against
 * the schema and added to what is read), a function of config/plugins, `false` (no pages of its
 * own), or the default. Undefined when the setting has problems (reported).
 */
export function resolvePageSource(
  r: TypeResolver,
  url: string | false | UrlResolver | undefined,
  { single, localized }: { single: boolean; localized: boolean },
): ResolvedPageSource | undefined {
  if (url === false) return { source: { kind: 'none' }, text: false };
  if (typeof url === 'function') {
    // What a function reads is not known: it gets the entry as extracted (and the type's
    // uid attribute, read for it).
    const slug = Object.entries(r.schema.attributes).find(
      ([name, attribute]) => attribute.type === 'uid' && !r.isHidden(name, attribute),
    )?.[0];
    if (slug) r.scalar('url', slug, URL_TYPES);
    return {
      source: { kind: 'function', resolve: url, source: String(url) },
      text: 'function',
    };
  }
  const source = url ?? defaultPattern(r, localized, single);
  if (source === undefined) return { source: { kind: 'none' }, text: false };
  let pattern: UrlPattern;
  try {
    pattern = parseUrlPattern(source, contentTypeKey(r.uid, 'url'));
  } catch (error) {
    r.problem('url', (error as Error).message.replace(/^.*?: /, ''), source);
    return undefined;
  }
  let ok = true;
  for (const placeholder of pattern.placeholders) {
    if (placeholder === 'documentId') continue;
    if (placeholder === 'locale') {
      if (!localized) {
        r.problem('url', '{locale} is used but the content type is not localized');
        ok = false;
      }
      continue;
    }
    const types = isPathPlaceholder(placeholder) ? PATH_TYPES : URL_TYPES;
    if (!r.scalar('url', placeholderAttribute(placeholder), types)) ok = false;
  }
  return ok ? { source: { kind: 'pattern', pattern }, text: source } : undefined;
}
