import type { StrapiAttribute } from '../schema/strapi-schema';

/**
 * What a `string`, `text` or custom field holds, as the extraction reads it: a heading, prose
 * (`text`, `markdown`, `html`), the URL a component's label links to (`link`), or nothing to read
 * (`skip`). The same values are the per-field overrides of config/plugins and the settings page.
 */
export const FIELD_ROLES = ['heading', 'text', 'markdown', 'html', 'link', 'skip'] as const;
export type FieldRole = (typeof FIELD_ROLES)[number];

/** Why an attribute gives no text, as the admin pages say it. */
export type TechnicalReason =
  'private' | 'password' | 'type' | 'name' | 'custom-field' | 'admin-users' | 'system';

/** What an attribute is to the extraction before config overrides, from its type and name. */
export type AttributeClass =
  | { role: 'heading' | 'text' | 'link' }
  | { role: 'rich'; format: 'blocks' | 'markdown' | 'html' }
  | { role: 'number' }
  | { role: 'media' }
  | { role: 'component' }
  | { role: 'zone' }
  | { role: 'relation' }
  | { role: 'none'; reason: TechnicalReason; detail: string };

/** Attributes Strapi keeps on every entry: never content. */
const SYSTEM = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
]);

/** Types that never hold prose an editor wrote. */
const TECHNICAL_TYPES = new Set([
  'uid',
  'enumeration',
  'email',
  'json',
  'boolean',
  'date',
  'datetime',
  'time',
  'timestamp',
]);

const NUMBER_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal']);

/** `sub_heading`, `subHeading`, `Sub-Heading` → `subheading`: names compared loosely. */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Names of string fields holding a link's target. */
const URL_NAME = /^(url|href|link|uri|path|website|permalink|target?url|linkurl|externalurl)$/;
const URL_SUFFIX = /(?:[a-z0-9](?:Url|URL|Href|Uri)|[_-](?:url|URL|href|uri))$/;
/** Names of string fields that configure presentation or identify things. */
const TECHNICAL_NAME =
  /^(variant|theme|colou?r|icon|iconname|target|class|classname|cssclass|anchor|anchorid|key|type|style|size|align|alignment|layout|position|width|height|order|sortorder|sort|span|slug|locale|lang|hash|token|mime|ext|format|mode|background|backgroundcolou?r|metarobots|robots|metaviewport|viewport|keywords|structureddata|canonicalurl|canonical|rel|id)$/;
const TECHNICAL_SUFFIX =
  /(?:[a-z0-9](?:Id|ID|Key|Token|Colou?r|Icon|Class|ClassName|Variant|Theme|Style|Anchor)|[_-](?:id|key|token|colou?r|icon|class|classname|variant|theme|style|anchor))$/;
/** Names of string fields holding an e-mail address, as the `email` type does: not prose. */
const EMAIL_NAME = /^(email|emailaddress)$/;
const EMAIL_SUFFIX = /(?:[a-z0-9](?:Email|EMail)|[_-]e-?mail)$/;
/** Names of short strings that are headings where they stand. */
const HEADING_NAME = /^(heading|title|headline|header|question|name|h[1-6])$/;

/** A number attribute whose value is part of the content (a price, a count), not layout. */
const NUMBER_TECHNICAL =
  /^(order|sortorder|sort|position|span|width|height|size|columns|rows|zindex|weight|index|id|version)$/;

/**
 * The role an attribute plays, from its Strapi type and its name alone (zero configuration):
 * `string` fields named like headings are headings, like URLs the target of a link, like
 * presentation settings (`variant`, `color`, `icon`, `target`...) or e-mail addresses nothing;
 * `uid`, `enumeration`, `email`, `json`, passwords, booleans and dates are never text; custom
 * fields are read only when their kind is known (CKEditor's HTML). Private attributes are never
 * read at all.
 */
export function classifyAttribute(
  name: string,
  attribute: StrapiAttribute,
  privateAttributes: readonly string[] = [],
): AttributeClass {
  if (attribute.private === true || privateAttributes.includes(name)) {
    return { role: 'none', reason: 'private', detail: 'a private attribute: never read' };
  }
  if (attribute.type === 'password') {
    return { role: 'none', reason: 'password', detail: 'a password: never read' };
  }
  if (SYSTEM.has(name)) {
    return { role: 'none', reason: 'system', detail: 'kept by Strapi on every entry' };
  }
  if (attribute.customField !== undefined) {
    if (/ckeditor/i.test(attribute.customField) && /^(richtext|text)$/.test(attribute.type)) {
      return { role: 'rich', format: 'html' };
    }
    return {
      role: 'none',
      reason: 'custom-field',
      detail: `custom field ${attribute.customField}: its format is unknown (set its role to read it)`,
    };
  }
  const loose = looseName(name);
  switch (attribute.type) {
    case 'string':
    case 'text': {
      if (URL_NAME.test(loose) || URL_SUFFIX.test(name)) return { role: 'link' };
      if (TECHNICAL_NAME.test(loose) || TECHNICAL_SUFFIX.test(name)) {
        return { role: 'none', reason: 'name', detail: `named like a setting (${name})` };
      }
      if (EMAIL_NAME.test(loose) || EMAIL_SUFFIX.test(name)) {
        return { role: 'none', reason: 'name', detail: `named like an e-mail address (${name})` };
      }
      if (attribute.type === 'string' && HEADING_NAME.test(loose)) return { role: 'heading' };
      return { role: 'text' };
    }
    case 'richtext':
      return { role: 'rich', format: 'markdown' };
    case 'blocks':
      return { role: 'rich', format: 'blocks' };
    case 'media':
      return { role: 'media' };
    case 'component':
      return { role: 'component' };
    case 'dynamiczone':
      return { role: 'zone' };
    case 'relation':
      if (attribute.target?.startsWith('admin::')) {
        return { role: 'none', reason: 'admin-users', detail: 'admin users are never read' };
      }
      return { role: 'relation' };
    default:
      if (NUMBER_TYPES.has(attribute.type)) {
        return NUMBER_TECHNICAL.test(loose)
          ? { role: 'none', reason: 'name', detail: `named like a setting (${name})` }
          : { role: 'number' };
      }
      if (TECHNICAL_TYPES.has(attribute.type)) {
        return { role: 'none', reason: 'type', detail: `of type ${attribute.type}: not prose` };
      }
      return { role: 'none', reason: 'type', detail: `of type ${attribute.type}: not read` };
  }
}

/** A URL or path, whole: a scheme, `mailto:`, `tel:`, `www.`, `/`, `./` or `../`, no spaces; or `#`. */
const URL_VALUE = /^(?:(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|tel:|www\.|\/|\.\.?\/)\S*|#)$/i;
const COLOUR_VALUE = /^(?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\([^)]*\))$/i;
const EMAIL_VALUE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Whether a one-line value of a text field is not prose at all: a URL or path, an e-mail
 * address or a colour (a link's target or a setting, in a field named innocently). Words that
 * look like identifiers are words: `iPhone`, `eBay`, `e-commerce`, `3.5`, `10:30`.
 */
export function notProse(value: string): boolean {
  const text = value.trim();
  return URL_VALUE.test(text) || COLOUR_VALUE.test(text) || EMAIL_VALUE.test(text);
}

/** `sub_heading` → `Sub heading`: an attribute name as a label in the text. */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? name : words[0]!.toUpperCase() + words.slice(1);
}
