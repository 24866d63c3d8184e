import { fieldPath, zoneItemPath, type ComponentPlan, type FieldPlan } from './extraction-plan';
import {
  FIELD_ROLES,
  GUESSED_DROPS,
  NO_ROLE_DROPS,
  type DropReason,
  type FieldKind,
  type FieldRole,
} from './field-vocabulary';

/** One attribute of a plan as the admin pages list it: what it becomes, or why nothing. */
export interface PlanFieldDescription {
  /** `dynamic_zone[dynamic-zone.hero].CTAs.text` */
  path: string;
  /** The attribute's name in its entry or component. */
  name: string;
  /** The component it belongs to (its overrides are `components[uid].fields`); none: the type's own. */
  component?: string;
  /** A folded relation's target type (its overrides are that type's `fields`). */
  folded?: string;
  /**
   * The field's kind (FieldKind) where it is one thing in the document; a component, a zone and
   * a relation say what they show: a `section` (a `list` when repeatable), `sections`, their
   * targets' `links` or `names`, or their content `folded` in place.
   */
  becomes:
    | Exclude<FieldKind, 'component' | 'zone' | 'relation'>
    | 'section'
    | 'list'
    | 'sections'
    | 'links'
    | 'names'
    | 'folded';
  reason?: DropReason;
  detail?: string;
  /**
   * The roles the settings page offers for it: none where no role applies (a field never read or
   * used elsewhere, a folded type's field, set on that type, a whole component), every role where
   * it is or may be text, else `skip`.
   */
  roles: readonly FieldRole[];
}

type Described = Omit<PlanFieldDescription, 'roles'>;

const SKIP_ONLY: readonly FieldRole[] = ['skip'];

/** The roles a described field can be given (PlanFieldDescription's `roles`). */
function rolesOf(field: Described): readonly FieldRole[] {
  if (field.folded !== undefined || field.name === '*') return [];
  if (field.reason !== undefined && NO_ROLE_DROPS.has(field.reason)) return [];
  const text =
    field.becomes === 'heading' ||
    field.becomes === 'text' ||
    field.becomes === 'link' ||
    (field.becomes === 'dropped' && field.reason !== undefined && GUESSED_DROPS.has(field.reason));
  return text ? FIELD_ROLES : SKIP_ONLY;
}

/**
 * Every attribute a plan meets, depth first, in reading order: what the settings page lists
 * under a type (each component once per place it is used).
 */
export function describePlan(fields: readonly FieldPlan[]): PlanFieldDescription[] {
  const out: Described[] = [];
  const component = (plan: ComponentPlan, at: string): void => {
    if (plan.dropped) {
      out.push({
        path: `${at}.*`,
        name: '*',
        component: plan.uid,
        becomes: 'dropped',
        reason: plan.dropped.reason,
        detail: plan.dropped.detail,
      });
    } else walk(plan.fields, at, { component: plan.uid });
  };
  const walk = (
    list: readonly FieldPlan[],
    at: string,
    owner: { component?: string; folded?: string },
  ): void => {
    for (const field of list) {
      const path = fieldPath(at, field.name);
      const base = { path, name: field.name, ...owner };
      switch (field.kind) {
        case 'heading':
        case 'text':
        case 'number':
        case 'media':
        case 'link':
          out.push({ ...base, becomes: field.kind });
          break;
        case 'component':
          out.push({ ...base, becomes: field.repeatable ? 'list' : 'section' });
          component(field.component, path);
          break;
        case 'zone':
          out.push({ ...base, becomes: 'sections' });
          for (const plan of Object.values(field.components)) {
            component(plan, zoneItemPath(path, plan.uid));
          }
          break;
        case 'relation':
          if (field.target.show === 'fold') {
            out.push({ ...base, becomes: 'folded' });
            walk(field.target.fields, path, { folded: field.target.uid });
          } else out.push({ ...base, becomes: field.target.show === 'link' ? 'links' : 'names' });
          break;
        case 'dropped':
          // Strapi's own attributes (`createdAt`, `locale`...) are on every entry: not worth a line.
          if (field.reason !== 'system')
            out.push({ ...base, becomes: 'dropped', reason: field.reason, detail: field.detail });
          break;
      }
    }
  };
  walk(fields, '', {});
  return out.map((field) => ({ ...field, roles: rolesOf(field) }));
}
