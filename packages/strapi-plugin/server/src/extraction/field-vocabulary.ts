/**
 * The one vocabulary of the extraction, from the config to the coverage: the role a user gives a
 * field (config/plugins `fields`, the settings page), the kind the classifier finds an attribute
 * to be, the kind of a field in a type's extraction plan, and why a field is dropped. A role is a
 * kind (`heading`, `text`, `link`), a text format (`markdown`, `html`) or `skip`; the classifier's
 * verdict is a plan field's kind; a dropped field's reason is a DropReason wherever it is said
 * (the classifier, the plan, the admin's list of fields, the coverage).
 */

/** How a text field is parsed: plain text, Strapi blocks, Markdown or HTML. */
export type TextFormat = 'plain' | 'blocks' | 'markdown' | 'html';

/**
 * What an attribute is in the agent document: a heading (a short string, a bold line inside a
 * list item), text (prose in one of the TextFormats), the URL a component's label links to
 * (`link`: read, never shown as text), a number with its label, media, a component, a dynamic
 * zone, a relation, or nothing (`dropped`, with its DropReason).
 */
export type FieldKind =
  'heading' | 'text' | 'link' | 'number' | 'media' | 'component' | 'zone' | 'relation' | 'dropped';

/**
 * What a `string`, `text` or custom field holds, as a user says it where the guess is wrong
 * (config/plugins `fields`, `components[uid].fields`, the settings page): one of the field kinds
 * a string can be, a text format, or `skip` (dropped, reason `config`). Public config: the values
 * are what users write.
 */
export const FIELD_ROLES = [
  'heading',
  'text',
  'markdown',
  'html',
  'link',
  'skip',
] as const satisfies readonly (FieldKind | TextFormat | 'skip')[];
export type FieldRole = (typeof FIELD_ROLES)[number];

/** Why a field gives agents nothing (the admin pages say it in the editor's language). */
export type DropReason =
  /** `private: true`, `api.responses.privateAttributes`: never read. */
  | 'private'
  /** A `password` field: never read. */
  | 'password'
  /** Relations to admin users (`createdBy`...): never read. */
  | 'admin-users'
  /** Kept by Strapi on every entry (`createdAt`, `locale`...). */
  | 'system'
  /** Not prose by its type: `uid`, `enumeration`, `email`, `json`, booleans, dates. */
  | 'type'
  /** A `string` named like a presentation setting or an identifier (`variant`, `icon`, `target`...). */
  | 'name'
  /** A custom field whose format is unknown. */
  | 'custom-field'
  /** Turned off in the settings (a field role `skip`, a component set to `false`). */
  | 'config'
  /** The type's `body` lists other attributes. */
  | 'not-in-body'
  /** Nested deeper than the extraction reads. */
  | 'too-deep'
  /** A relation to a content type that is not exposed. */
  | 'not-exposed'
  /** A relation to a type with no attribute to name its entries by. */
  | 'no-display'
  /** The SEO component: its title, description and canonical URL are used where they belong. */
  | 'seo'
  /** The type's title, description, author, date or URL attribute: used where it belongs. */
  | 'used';

/** Reasons of fields never read, whatever the settings say (no role can be given to them). */
export const NEVER_READ: ReadonlySet<DropReason> = new Set([
  'private',
  'password',
  'admin-users',
  'system',
]);

/** Reasons of fields no role applies to: never read, or used where they belong (title, SEO...). */
export const NO_ROLE_DROPS: ReadonlySet<DropReason> = new Set([...NEVER_READ, 'seo', 'used']);

/**
 * Reasons of fields left out on a guess from their type or name, or by a role: a role given in
 * the settings may make them text.
 */
export const GUESSED_DROPS: ReadonlySet<DropReason> = new Set([
  'name',
  'custom-field',
  'type',
  'config',
]);

/** Reasons whose attributes hold text an editor wrote: counted as dropped text by the coverage. */
export const TEXT_DROPS: ReadonlySet<DropReason> = new Set([
  'custom-field',
  'config',
  'not-in-body',
]);

/**
 * The classifier's verdict on an attribute, in the plan's words: the kind of field it becomes
 * (text with its format), or dropped and why.
 */
export type FieldVerdict =
  | { kind: Exclude<FieldKind, 'text' | 'dropped'> }
  | { kind: 'text'; format: TextFormat }
  | { kind: 'dropped'; reason: DropReason; detail: string };

/**
 * What a role given in the settings makes of an attribute the classifier found `natural`
 * (`skip` drops the field as it naturally is: its text is still the coverage's to count).
 */
export function verdictOfRole(
  role: Exclude<FieldRole, 'skip'>,
  natural: FieldVerdict,
): FieldVerdict {
  switch (role) {
    case 'heading':
    case 'link':
      return { kind: role };
    case 'text':
      // Rich text told it is text stays in its format; anything else is plain text.
      return natural.kind === 'text' ? natural : { kind: 'text', format: 'plain' };
    case 'markdown':
    case 'html':
      return { kind: 'text', format: role };
  }
}

const STRING_ROLES: ReadonlySet<FieldRole> = new Set(['heading', 'text', 'link', 'skip']);
const ALL_ROLES: ReadonlySet<FieldRole> = new Set(FIELD_ROLES);
const ROLES_OF_TYPE: Record<string, ReadonlySet<FieldRole>> = {
  string: ALL_ROLES,
  text: ALL_ROLES,
  richtext: new Set(['text', 'markdown', 'html', 'skip']),
  uid: STRING_ROLES,
  enumeration: STRING_ROLES,
};
const SKIP_ONLY: ReadonlySet<FieldRole> = new Set(['skip']);

/** The roles an attribute of a Strapi type can be given (any other type: only `skip`). */
export function rolesOfType(type: string): ReadonlySet<FieldRole> {
  return ROLES_OF_TYPE[type] ?? SKIP_ONLY;
}
