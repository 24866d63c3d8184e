import type { SchemaLookup, StrapiAttribute, StrapiSchema } from '../schema/strapi-schema';
import { classifyAttribute, humanizeName } from './classify-attribute';
import type { ComponentPlan, FieldPlan, RelationPlan } from './extraction-plan';
import {
  NEVER_READ,
  rolesOfType,
  verdictOfRole,
  type DropReason,
  type FieldRole,
  type FieldVerdict,
} from './field-vocabulary';
import {
  DISPLAY_NAMES,
  DISPLAY_TYPES,
  LINK_LABEL_NAMES,
  looseName,
  STRING_TYPES,
} from './name-conventions';

/** Components nested deeper than this (dynamic zone items are depth 1) are not read. */
export const MAX_COMPONENT_DEPTH = 6;

/** Per-component overrides (config/plugins `components`, the settings page). */
export type ComponentOverrides = Record<string, false | { fields?: Record<string, FieldRole> }>;

/** What the plan needs to know of the site beyond one type's schema. */
export interface PlanSite {
  lookup: SchemaLookup;
  components: ComponentOverrides;
  /** Whether a content type is exposed and has pages of its own (undefined: not exposed). */
  exposure(uid: string): { pages: boolean } | undefined;
  /** An exposed type's own field roles (`contentTypes[uid].fields`), applied where it is folded. */
  typeFields?(uid: string): Record<string, FieldRole> | undefined;
  /** Reports a problem of an override (its key as config/plugins spells it). */
  problem(key: string, message: string, value?: unknown): void;
}

/** One content type's part: its own overrides and what it uses elsewhere. */
export interface TypePlanInput {
  uid: string;
  schema: StrapiSchema;
  /** `contentTypes[uid].fields`: roles of the type's own attributes. */
  fields?: Record<string, FieldRole>;
  /** `contentTypes[uid].body`: the only attributes extracted, in this order. */
  body?: readonly string[];
  /** Attributes used as title, description, author, date, URL: not repeated in the body. */
  used: ReadonlySet<string>;
  /** The SEO component attribute, used for the title, description and canonical URL. */
  seo?: string;
  /** The key of the type's settings, for problems (`contentTypes["api::page.page"]`). */
  key: string;
}

/**
 * The attribute naming a type's entries (a relation's display text, a folded entry's heading):
 * the first of DISPLAY_NAMES it has (`title`, `name`... `label`), else none.
 */
export function displayAttributeOf(
  schema: StrapiSchema,
  privateAttributes: readonly string[] = [],
): string | undefined {
  const readable = (name: string) => {
    const attribute = schema.attributes[name];
    if (!attribute || !DISPLAY_TYPES.has(attribute.type)) return false;
    return classifyAttribute(name, attribute, privateAttributes).kind !== 'dropped';
  };
  for (const wanted of DISPLAY_NAMES) {
    const name = Object.keys(schema.attributes).find(
      (candidate) => looseName(candidate) === wanted && readable(candidate),
    );
    if (name) return name;
  }
  return undefined;
}

interface Scope {
  /** `contentTypes["…"].fields` or `components["…"].fields`: where this scope's overrides are. */
  overridesKey: string;
  overrides: Record<string, FieldRole> | undefined;
  attributes: Record<string, StrapiAttribute>;
  depth: number;
  /** Inside folded content: relations show names or links, never fold again. */
  folded: boolean;
}

/** How the field `name` is left out, and why (with what it would have been, if text). */
function droppedPlan(name: string) {
  return (reason: DropReason, detail: string, inner?: FieldPlan): FieldPlan => ({
    kind: 'dropped',
    name,
    reason,
    detail,
    ...(inner ? { inner } : {}),
  });
}

/**
 * Compiles the extraction plans of one site's settings (every exposed type's, when the settings
 * are put in force). A component's plan, and a folded type's, depends on no place it is used in:
 * compiled once per UID, depth and fold state, it is the same object wherever it is used, in
 * every type the compiler plans.
 */
export class PlanCompiler {
  private readonly privateAttributes: readonly string[];
  /** Components already compiled, by `uid@depth@folded`. */
  private readonly components = new Map<string, ComponentPlan>();
  /** Types shown in place already compiled, by `uid@depth`. */
  private readonly folds = new Map<string, Extract<RelationPlan, { show: 'fold' }>>();

  constructor(private readonly site: PlanSite) {
    this.privateAttributes = site.lookup.privateAttributes ?? [];
  }

  /** Checks a scope's overrides: every key an attribute, every role fit for its type. */
  private checkOverrides(scope: Scope): void {
    for (const [name, role] of Object.entries(scope.overrides ?? {})) {
      const attribute = scope.attributes[name];
      const key = `${scope.overridesKey}.${name}`;
      if (!attribute) {
        this.site.problem(key, `no such attribute: ${name}`, name);
        continue;
      }
      const natural = classifyAttribute(name, attribute, this.privateAttributes);
      if (natural.kind === 'dropped' && NEVER_READ.has(natural.reason)) {
        this.site.problem(key, `${name} is ${natural.detail}`, role);
        continue;
      }
      const roles = rolesOfType(attribute.type);
      if (attribute.customField === undefined && !roles.has(role)) {
        this.site.problem(
          key,
          `${name} is of type ${attribute.type}: its role can be ${[...roles].join(', ')}`,
          role,
        );
      }
    }
  }

  private fields(
    scope: Scope,
    order?: readonly string[],
    used?: ReadonlySet<string>,
    seo?: string,
  ): FieldPlan[] {
    const names = Object.keys(scope.attributes);
    const plans: FieldPlan[] = [];
    const add = (name: string, inBody: boolean) => {
      const attribute = scope.attributes[name]!;
      const dropped = droppedPlan(name);
      const natural = classifyAttribute(name, attribute, this.privateAttributes);
      // Never read, whatever the settings say.
      if (natural.kind === 'dropped' && NEVER_READ.has(natural.reason)) {
        plans.push(dropped(natural.reason, natural.detail));
        return;
      }
      if (name === seo) {
        plans.push(
          dropped('seo', 'the SEO component: its title, description and canonical URL are used'),
        );
        return;
      }
      // Named in `body`: in the body, even when it is the description too.
      if (used?.has(name) && !order?.includes(name)) {
        plans.push(dropped('used', 'used as the title, description, author, date or URL'));
        return;
      }
      const role = scope.overrides?.[name];
      const verdict =
        role === undefined || role === 'skip' ? natural : verdictOfRole(role, natural);
      const plan = this.plan(name, attribute, verdict, scope);
      // Not text in the first place: its own reason says why, whatever the settings say.
      if (plan.kind === 'dropped' && plan.inner === undefined) {
        plans.push(plan);
        return;
      }
      if (role === 'skip') {
        plans.push(dropped('config', 'turned off in the settings', readable(plan)));
        return;
      }
      if (!inBody) {
        plans.push(dropped('not-in-body', "not in the type's body list", readable(plan)));
        return;
      }
      plans.push(plan);
    };
    if (order) {
      for (const name of order) if (scope.attributes[name]) add(name, true);
      for (const name of names) if (!order.includes(name)) add(name, false);
    } else for (const name of names) add(name, true);
    return plans;
  }

  private plan(
    name: string,
    attribute: StrapiAttribute,
    verdict: FieldVerdict,
    scope: Scope,
  ): FieldPlan {
    const dropped = droppedPlan(name);
    switch (verdict.kind) {
      case 'heading':
      case 'link':
      case 'media':
        return { kind: verdict.kind, name };
      case 'text':
        return { kind: 'text', name, format: verdict.format };
      case 'number':
        return { kind: 'number', name, label: humanizeName(name) };
      case 'dropped': {
        // A custom field of a text type: what it would be as text, for the coverage's count.
        const textType = STRING_TYPES.has(attribute.type) || attribute.type === 'richtext';
        const inner: FieldPlan | undefined =
          verdict.reason === 'custom-field' && textType
            ? { kind: 'text', name, format: attribute.type === 'richtext' ? 'markdown' : 'plain' }
            : undefined;
        return dropped(verdict.reason, verdict.detail, inner);
      }
      case 'component': {
        const uid = attribute.component;
        if (!uid || !this.site.lookup.component(uid)) return dropped('type', 'unknown component');
        if (scope.depth + 1 > MAX_COMPONENT_DEPTH) {
          return dropped('too-deep', `nested deeper than ${MAX_COMPONENT_DEPTH} components`);
        }
        const component = this.component(uid, scope.depth + 1, scope.folded);
        return { kind: 'component', name, repeatable: attribute.repeatable === true, component };
      }
      case 'zone': {
        if (scope.depth + 1 > MAX_COMPONENT_DEPTH) {
          return dropped('too-deep', `nested deeper than ${MAX_COMPONENT_DEPTH} components`);
        }
        const components: Record<string, ComponentPlan> = {};
        for (const uid of attribute.components ?? []) {
          if (!this.site.lookup.component(uid)) continue;
          components[uid] = this.component(uid, scope.depth + 1, scope.folded);
        }
        return { kind: 'zone', name, components };
      }
      case 'relation':
        return this.relation(name, attribute, scope);
    }
  }

  private relation(name: string, attribute: StrapiAttribute, scope: Scope): FieldPlan {
    const dropped = droppedPlan(name);
    const uid = attribute.target;
    const schema = uid ? this.site.lookup.contentType(uid) : undefined;
    if (!uid || !schema) return dropped('type', 'a relation to an unknown content type');
    const exposure = this.site.exposure(uid);
    if (!exposure) return dropped('not-exposed', `a relation to ${uid}, which is not exposed`);
    // An entry shown in place shows its own text, not where it leads (a category's articles).
    if (scope.folded) {
      return dropped('too-deep', 'a relation of an entry shown in place: not followed');
    }
    const many = !/^(oneToOne|manyToOne|oneWay)$/.test(attribute.relation ?? '');
    const label = humanizeName(name);
    const display = displayAttributeOf(schema, this.privateAttributes);
    const relation = (target: RelationPlan): FieldPlan => ({
      kind: 'relation',
      name,
      label,
      many,
      target,
    });
    if (exposure.pages) return relation({ show: 'link', uid, ...(display ? { display } : {}) });
    if (scope.depth + 1 <= MAX_COMPONENT_DEPTH) {
      return relation(this.fold(uid, schema, display, scope.depth + 1));
    }
    if (!display) return dropped('no-display', `${uid} has no title or name attribute to show`);
    return relation({ show: 'name', uid, display });
  }

  /** The entries of `uid` shown in place (a type without pages), its title not repeated. */
  private fold(
    uid: string,
    schema: StrapiSchema,
    display: string | undefined,
    depth: number,
  ): Extract<RelationPlan, { show: 'fold' }> {
    const key = `${uid}@${depth}`;
    const cached = this.folds.get(key);
    if (cached) return cached;
    const fields = this.fields({
      overridesKey: `contentTypes[${JSON.stringify(uid)}].fields`,
      overrides: this.site.typeFields?.(uid),
      attributes: schema.attributes,
      depth,
      folded: true,
    });
    const plan: Extract<RelationPlan, { show: 'fold' }> = {
      show: 'fold',
      uid,
      localized: schema.pluginOptions?.i18n?.localized === true,
      ...(display ? { title: display } : {}),
      fields: display
        ? fields.map((field) =>
            field.name === display
              ? { kind: 'dropped', name: field.name, reason: 'used', detail: "the entry's title" }
              : field,
          )
        : fields,
    };
    this.folds.set(key, plan);
    return plan;
  }

  private component(uid: string, depth: number, folded: boolean): ComponentPlan {
    const key = `${uid}@${depth}@${folded}`;
    const cached = this.components.get(key);
    if (cached) return cached;
    const schema = this.site.lookup.component(uid)!;
    const override = this.site.components[uid];
    const scope: Scope = {
      overridesKey: `components[${JSON.stringify(uid)}].fields`,
      overrides: override === false ? undefined : override?.fields,
      attributes: schema.attributes,
      depth,
      folded,
    };
    const fields = this.fields(scope);
    const plan: ComponentPlan = {
      uid,
      fields,
      ...(override === false
        ? { dropped: { reason: 'config', detail: 'turned off in the settings' } }
        : {}),
      ...linkOf(fields),
    };
    this.components.set(key, plan);
    return plan;
  }

  /**
   * The body plan of one content type: each attribute in schema order (or the `body` list's),
   * what it becomes, and why not when it gives nothing. Component overrides apply wherever the
   * component is used; problems of the type's overrides are reported through `site.problem`.
   */
  bodyPlan(input: TypePlanInput): FieldPlan[] {
    const scope: Scope = {
      overridesKey: `${input.key}.fields`,
      overrides: input.fields,
      attributes: input.schema.attributes,
      depth: 0,
      folded: false,
    };
    this.checkOverrides(scope);
    return this.fields(scope, input.body, input.used, input.seo);
  }

  /** Checks the component overrides against the schemas (once per settings). */
  checkComponentOverrides(): void {
    for (const [uid, override] of Object.entries(this.site.components)) {
      const key = `components[${JSON.stringify(uid)}]`;
      const schema = this.site.lookup.component(uid);
      if (!schema) {
        this.site.problem(key, 'no such component', uid);
        continue;
      }
      if (override === false) continue;
      this.checkOverrides({
        overridesKey: `${key}.fields`,
        overrides: override.fields,
        attributes: schema.attributes,
        depth: 0,
        folded: false,
      });
    }
  }
}

/** What a plan reads when it is dropped, for the coverage: only text an editor wrote. */
function readable(plan: FieldPlan): FieldPlan | undefined {
  return plan.kind === 'dropped' ? plan.inner : plan;
}

/**
 * A component with one URL field and a text field to label it (a button, a CTA, a card): the
 * label is shown as a link to the URL.
 */
function linkOf(fields: FieldPlan[]): Pick<ComponentPlan, 'link'> {
  const url = fields.find((field) => field.kind === 'link');
  if (!url) return {};
  const labels = fields.filter(
    (field) => field.kind === 'heading' || (field.kind === 'text' && field.format === 'plain'),
  );
  const preferred =
    labels.find((field) => LINK_LABEL_NAMES.has(looseName(field.name))) ?? labels[0];
  return preferred ? { link: { label: preferred.name, url: url.name } } : {};
}
