import type { StrapiAttribute } from '../schema/strapi-schema';
import type { FieldVerdict } from './field-vocabulary';
import {
  EMAIL_NAME,
  EMAIL_SUFFIX,
  HEADING_NAMES,
  looseName,
  NOT_PROSE_TYPES,
  NUMBER_SETTING_NAME,
  NUMBER_TYPES,
  SETTING_NAME,
  SETTING_SUFFIX,
  SYSTEM_ATTRIBUTES,
  URL_NAME,
  URL_SUFFIX,
} from './name-conventions';

/**
 * What an attribute becomes, from its Strapi type and its name alone (zero configuration):
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
): FieldVerdict {
  if (attribute.private === true || privateAttributes.includes(name)) {
    return { kind: 'dropped', reason: 'private', detail: 'a private attribute: never read' };
  }
  if (attribute.type === 'password') {
    return { kind: 'dropped', reason: 'password', detail: 'a password: never read' };
  }
  if (SYSTEM_ATTRIBUTES.has(name)) {
    return { kind: 'dropped', reason: 'system', detail: 'kept by Strapi on every entry' };
  }
  if (attribute.customField !== undefined) {
    if (/ckeditor/i.test(attribute.customField) && /^(richtext|text)$/.test(attribute.type)) {
      return { kind: 'text', format: 'html' };
    }
    return {
      kind: 'dropped',
      reason: 'custom-field',
      detail: `custom field ${attribute.customField}: its format is unknown (set its role to read it)`,
    };
  }
  const loose = looseName(name);
  switch (attribute.type) {
    case 'string':
    case 'text': {
      if (URL_NAME.test(loose) || URL_SUFFIX.test(name)) return { kind: 'link' };
      if (SETTING_NAME.test(loose) || SETTING_SUFFIX.test(name)) {
        return { kind: 'dropped', reason: 'name', detail: `named like a setting (${name})` };
      }
      if (EMAIL_NAME.test(loose) || EMAIL_SUFFIX.test(name)) {
        return {
          kind: 'dropped',
          reason: 'name',
          detail: `named like an e-mail address (${name})`,
        };
      }
      if (attribute.type === 'string' && HEADING_NAMES.has(loose)) return { kind: 'heading' };
      return { kind: 'text', format: 'plain' };
    }
    case 'richtext':
      return { kind: 'text', format: 'markdown' };
    case 'blocks':
      return { kind: 'text', format: 'blocks' };
    case 'media':
      return { kind: 'media' };
    case 'component':
      return { kind: 'component' };
    case 'dynamiczone':
      return { kind: 'zone' };
    case 'relation':
      if (attribute.target?.startsWith('admin::')) {
        return { kind: 'dropped', reason: 'admin-users', detail: 'admin users are never read' };
      }
      return { kind: 'relation' };
    default:
      if (NUMBER_TYPES.has(attribute.type)) {
        return NUMBER_SETTING_NAME.test(loose)
          ? { kind: 'dropped', reason: 'name', detail: `named like a setting (${name})` }
          : { kind: 'number' };
      }
      if (NOT_PROSE_TYPES.has(attribute.type)) {
        return { kind: 'dropped', reason: 'type', detail: `of type ${attribute.type}: not prose` };
      }
      return { kind: 'dropped', reason: 'type', detail: `of type ${attribute.type}: not read` };
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
