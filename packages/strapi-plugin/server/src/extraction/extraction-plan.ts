import type { DropReason, TextFormat } from './field-vocabulary';

/**
 * A content type's extraction plan: what each attribute of its entries becomes in the agent
 * document, compiled once from the schemas (and the config's overrides) when the settings are
 * put in force, so reading an entry is a walk of its values along the plan, never of the schema.
 * A field's `kind` is a FieldKind (field-vocabulary). A plan knows no place: a component's plan
 * is one wherever the component is used (the walks say where they are, `dynamic_zone[uid].CTAs.text`).
 */

interface FieldBase {
  /** The attribute's name in its entry or component. */
  name: string;
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
  | (FieldBase & { kind: 'link' })
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

/** Where a field is: `name` at the top, `at.name` inside a component, a zone item or a fold. */
export function fieldPath(at: string, name: string): string {
  return at === '' ? name : `${at}.${name}`;
}

/** Where a dynamic zone's item of component `uid` is: `dynamic_zone[dynamic-zone.hero]`. */
export function zoneItemPath(zonePath: string, uid: string): string {
  return `${zonePath}[${uid}]`;
}

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
