import type { SchemaLookup, StrapiAttribute, StrapiSchema } from '../schema/strapi-schema';
import {
  classifyAttribute,
  humanizeName,
  looseName,
  type AttributeClass,
  type FieldRole,
} from './classify-attribute';
import type { ComponentPlan, DropReason, FieldPlan, RelationPlan } from './extraction-plan';

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

const TITLE_NAMES = ['title', 'name', 'question', 'heading', 'headline', 'label'];

/**
 * The attribute naming a type's entries (a relation's display text, a folded entry's heading):
 * `title`, `name`, `question`, `heading`, `headline`, `label`, else none.
 */
export function displayAttributeOf(
  schema: StrapiSchema,
  privateAttributes: readonly string[] = [],
): string | undefined {
  const readable = (name: string) => {
    const attribute = schema.attributes[name];
    if (!attribute || !/^(string|text|uid)$/.test(attribute.type)) return false;
    return classifyAttribute(name, attribute, privateAttributes).role !== 'none';
  };
  for (const wanted of TITLE_NAMES) {
    const name = Object.keys(schema.attributes).find(
      (candidate) => looseName(candidate) === wanted && readable(candidate),
    );
    if (name) return name;
  }
  return undefined;
}

/** What a role override makes of an attribute (checked against its type first). */
function classOfRole(role: FieldRole, natural: AttributeClass): AttributeClass {
  switch (role) {
    case 'heading':
    case 'link':
      return { role };
    case 'text':
      return natural.role === 'rich' ? natural : { role: 'text' };
    case 'markdown':
    case 'html':
      return { role: 'rich', format: role };
    case 'skip':
      return natural;
  }
}

const STRING_ROLES: ReadonlySet<FieldRole> = new Set(['heading', 'text', 'link', 'skip']);
const OVERRIDABLE_TYPES: Record<string, ReadonlySet<FieldRole>> = {
  string: new Set(['heading', 'text', 'markdown', 'html', 'link', 'skip']),
  text: new Set(['heading', 'text', 'markdown', 'html', 'link', 'skip']),
  richtext: new Set(['text', 'markdown', 'html', 'skip']),
  uid: STRING_ROLES,
  enumeration: STRING_ROLES,
};

function allowedRoles(attribute: StrapiAttribute): ReadonlySet<FieldRole> {
  return OVERRIDABLE_TYPES[attribute.type] ?? new Set<FieldRole>(['skip']);
}

interface Scope {
  /** `contentTypes["…"].fields` or `components["…"].fields`: where this scope's overrides are. */
  overridesKey: string;
  overrides: Record<string, FieldRole> | undefined;
  attributes: Record<string, StrapiAttribute>;
  path: string;
  depth: number;
  /** Inside folded content: relations show names or links, never fold again. */
  folded: boolean;
}

/** How the field at `path` is left out, and why (with what it would have been, if text). */
function droppedPlan(name: string, path: string) {
  return (reason: DropReason, detail: string, inner?: FieldPlan): FieldPlan => ({
    kind: 'dropped',
    name,
    path,
    reason,
    detail,
    ...(inner ? { inner } : {}),
  });
}

class PlanCompiler {
  private readonly privateAttributes: readonly string[];
  /** Components already compiled, per UID, depth and fold state. */
  private readonly cache = new Map<string, ComponentPlan>();

  constructor(private readonly site: PlanSite) {
    this.privateAttributes = site.lookup.privateAttributes ?? [];
  }

  /** Checks a scope's overrides: every key an attribute, every role fit for its type. */
  checkOverrides(scope: Scope): void {
    for (const [name, role] of Object.entries(scope.overrides ?? {})) {
      const attribute = scope.attributes[name];
      const key = `${scope.overridesKey}.${name}`;
      if (!attribute) {
        this.site.problem(key, `no such attribute: ${name}`, name);
        continue;
      }
      const natural = classifyAttribute(name, attribute, this.privateAttributes);
      if (
        natural.role === 'none' &&
        ['private', 'password', 'admin-users', 'system'].includes(natural.reason)
      ) {
        this.site.problem(key, `${name} is ${natural.detail}`, role);
        continue;
      }
      if (attribute.customField === undefined && !allowedRoles(attribute).has(role)) {
        this.site.problem(
          key,
          `${name} is of type ${attribute.type}: its role can be ${[...allowedRoles(attribute)].join(', ')}`,
          role,
        );
      }
    }
  }

  fields(
    scope: Scope,
    order?: readonly string[],
    used?: ReadonlySet<string>,
    seo?: string,
  ): FieldPlan[] {
    const names = Object.keys(scope.attributes);
    const plans: FieldPlan[] = [];
    const add = (name: string, inBody: boolean) => {
      const attribute = scope.attributes[name]!;
      const path = scope.path === '' ? name : `${scope.path}.${name}`;
      const dropped = droppedPlan(name, path);
      const natural = classifyAttribute(name, attribute, this.privateAttributes);
      // Never read, whatever the settings say.
      if (
        natural.role === 'none' &&
        ['private', 'password', 'admin-users', 'system'].includes(natural.reason)
      ) {
        plans.push(dropped(natural.reason as DropReason, natural.detail));
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
      const cls = role === undefined || role === 'skip' ? natural : classOfRole(role, natural);
      const plan = this.plan(name, path, attribute, cls, scope);
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
    path: string,
    attribute: StrapiAttribute,
    cls: AttributeClass,
    scope: Scope,
  ): FieldPlan {
    const dropped = droppedPlan(name, path);
    switch (cls.role) {
      case 'heading':
        return { kind: 'heading', name, path };
      case 'text':
        return { kind: 'text', name, path, format: 'plain' };
      case 'rich':
        return { kind: 'text', name, path, format: cls.format };
      case 'link':
        return { kind: 'url', name, path };
      case 'number':
        return { kind: 'number', name, path, label: humanizeName(name) };
      case 'media':
        return { kind: 'media', name, path };
      case 'none': {
        // A custom field of a text type: what it would be as text, for the coverage's count.
        const inner: FieldPlan | undefined =
          cls.reason === 'custom-field' && /^(string|text|richtext)$/.test(attribute.type)
            ? {
                kind: 'text',
                name,
                path,
                format: attribute.type === 'richtext' ? 'markdown' : 'plain',
              }
            : undefined;
        return dropped(cls.reason as DropReason, cls.detail, inner);
      }
      case 'component': {
        const uid = attribute.component;
        if (!uid || !this.site.lookup.component(uid)) return dropped('type', 'unknown component');
        if (scope.depth + 1 > MAX_COMPONENT_DEPTH) {
          return dropped('too-deep', `nested deeper than ${MAX_COMPONENT_DEPTH} components`);
        }
        const component = this.component(uid, path, scope.depth + 1, scope.folded);
        return {
          kind: 'component',
          name,
          path,
          repeatable: attribute.repeatable === true,
          component,
        };
      }
      case 'zone': {
        if (scope.depth + 1 > MAX_COMPONENT_DEPTH) {
          return dropped('too-deep', `nested deeper than ${MAX_COMPONENT_DEPTH} components`);
        }
        const components: Record<string, ComponentPlan> = {};
        for (const uid of attribute.components ?? []) {
          if (!this.site.lookup.component(uid)) continue;
          components[uid] = this.component(uid, `${path}[${uid}]`, scope.depth + 1, scope.folded);
        }
        return { kind: 'zone', name, path, components };
      }
      case 'relation':
        return this.relation(name, path, attribute, scope);
    }
  }

  private relation(
    name: string,
    path: string,
    attribute: StrapiAttribute,
    scope: Scope,
  ): FieldPlan {
    const dropped = (reason: DropReason, detail: string): FieldPlan => ({
      kind: 'dropped',
      name,
      path,
      reason,
      detail,
    });
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
      path,
      label,
      many,
      target,
    });
    if (exposure.pages) return relation({ show: 'link', uid, ...(display ? { display } : {}) });
    if (scope.depth + 1 <= MAX_COMPONENT_DEPTH) {
      const fields = this.fields({
        overridesKey: `contentTypes[${JSON.stringify(uid)}].fields`,
        overrides: this.site.typeFields?.(uid),
        attributes: schema.attributes,
        path,
        depth: scope.depth + 1,
        folded: true,
      });
      return relation({
        show: 'fold',
        uid,
        localized: schema.pluginOptions?.i18n?.localized === true,
        ...(display ? { title: display } : {}),
        fields: display
          ? fields.map((field) =>
              field.name === display
                ? {
                    kind: 'dropped',
                    name: field.name,
                    path: field.path,
                    reason: 'used',
                    detail: "the entry's title",
                  }
                : field,
            )
          : fields,
      });
    }
    if (!display) return dropped('no-display', `${uid} has no title or name attribute to show`);
    return relation({ show: 'name', uid, display });
  }

  component(uid: string, path: string, depth: number, folded: boolean): ComponentPlan {
    const key = `${uid}@${depth}@${folded}@${path}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const schema = this.site.lookup.component(uid)!;
    const override = this.site.components[uid];
    const scope: Scope = {
      overridesKey: `components[${JSON.stringify(uid)}].fields`,
      overrides: override === false ? undefined : override?.fields,
      attributes: schema.attributes,
      path,
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
    this.cache.set(key, plan);
    return plan;
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
  const url = fields.find((field) => field.kind === 'url');
  if (!url) return {};
  const labels = fields.filter(
    (field) => field.kind === 'heading' || (field.kind === 'text' && field.format === 'plain'),
  );
  const preferred =
    labels.find((field) =>
      /^(text|label|title|name|cta|buttontext)$/.test(looseName(field.name)),
    ) ?? labels[0];
  return preferred ? { link: { label: preferred.name, url: url.name } } : {};
}

/**
 * The body plan of one content type: each attribute in schema order (or the `body` list's),
 * what it becomes, and why not when it gives nothing. Component overrides apply wherever the
 * component is used; problems of the overrides are reported through `site.problem`.
 */
export function compileBodyPlan(input: TypePlanInput, site: PlanSite): FieldPlan[] {
  const compiler = new PlanCompiler(site);
  const scope: Scope = {
    overridesKey: `${input.key}.fields`,
    overrides: input.fields,
    attributes: input.schema.attributes,
    path: '',
    depth: 0,
    folded: false,
  };
  compiler.checkOverrides(scope);
  return compiler.fields(scope, input.body, input.used, input.seo);
}

/** Checks the component overrides against the schemas (once per settings). */
export function checkComponentOverrides(site: PlanSite): void {
  const compiler = new PlanCompiler(site);
  for (const [uid, override] of Object.entries(site.components)) {
    const key = `components[${JSON.stringify(uid)}]`;
    const schema = site.lookup.component(uid);
    if (!schema) {
      site.problem(key, 'no such component', uid);
      continue;
    }
    if (override === false) continue;
    compiler.checkOverrides({
      overridesKey: `${key}.fields`,
      overrides: override.fields,
      attributes: schema.attributes,
      path: uid,
      depth: 0,
      folded: false,
    });
  }
}
