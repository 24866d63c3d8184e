/**
 * A content type's extraction plan: what each attribute of its entries becomes in the agent
 * document, compiled once from the schemas (and the config's overrides) when the settings are
 * put in force, so reading an entry is a walk of its values along the plan, never of the schema.
 */

/** Why an attribute gives agents nothing (the admin pages say it in the editor's language). */
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

/** Reasons whose attributes hold text an editor wrote: counted as dropped text by the coverage. */
export const TEXT_DROPS: ReadonlySet<DropReason> = new Set([
  'custom-field',
  'config',
  'not-in-body',
]);

/** How a text attribute is parsed: plain text, Strapi blocks, Markdown or HTML. */
export type TextFormat = 'plain' | 'blocks' | 'markdown' | 'html';

interface FieldBase {
  /** The attribute's name in its entry or component. */
  name: string;
  /** Where it is, as the admin pages show it: `dynamic_zone[dynamic-zone.hero].CTAs.text`. */
  path: string;
}

export type FieldPlan =
  /** A short string shown as a heading (a bold line inside a list item). */
  | (FieldBase & { kind: 'heading' })
  /** Prose: paragraphs (`plain`), or parsed from blocks, Markdown or HTML. */
  | (FieldBase & { kind: 'text'; format: TextFormat })
  /** A number shown with its label (`Price: 99`). */
  | (FieldBase & { kind: 'number'; label: string })
  /** Media: images (alt text, caption, URL), video, audio, other files as links. */
  | (FieldBase & { kind: 'media' })
  /** The URL a component's label links to: read, never shown as text. */
  | (FieldBase & { kind: 'url' })
  /** A component: its fields as a section; a repeatable one as a list. */
  | (FieldBase & { kind: 'component'; repeatable: boolean; component: ComponentPlan })
  /** A dynamic zone: each item a section, by its component. */
  | (FieldBase & { kind: 'zone'; components: Record<string, ComponentPlan> })
  /** A relation (to-one or to-many), shown as its targets' names, links or folded content. */
  | (FieldBase & { kind: 'relation'; label: string; many: boolean; target: RelationPlan })
  /**
   * Not extracted. `inner` is what it would be: for text the settings turned off, read by the
   * coverage (never by a sync) to count what is dropped.
   */
  | (FieldBase & { kind: 'dropped'; reason: DropReason; detail: string; inner?: FieldPlan });

export interface ComponentPlan {
  uid: string;
  /** Set when the whole component is turned off (`components: { uid: false }`). */
  dropped?: { reason: DropReason; detail: string };
  fields: FieldPlan[];
  /** A link component (a CTA): its label field links to its URL field. */
  link?: { label: string; url: string };
}

/**
 * What a relation shows of its targets: `link`, their names linked to their pages (the target
 * type has pages); `fold`, their content in place (a type without pages: FAQs, testimonials,
 * plans); `name`, their names only (inside folded content, which folds no further).
 */
export type RelationPlan =
  | { show: 'link'; uid: string; display?: string }
  | { show: 'fold'; uid: string; localized: boolean; title?: string; fields: FieldPlan[] }
  | { show: 'name'; uid: string; display: string };

/** Document Service `fields` and `populate` reading exactly what a plan extracts. */
export interface ReadQuery {
  fields: string[];
  populate: Record<string, PopulateEntry>;
}

/** Document Service populate of one relation, component, media or dynamic zone. */
export interface PopulateEntry {
  fields?: string[];
  populate?: Record<string, PopulateEntry>;
  /** Dynamic zones: per component UID, what to read. */
  on?: Record<string, { fields?: string[]; populate?: Record<string, PopulateEntry> }>;
}
