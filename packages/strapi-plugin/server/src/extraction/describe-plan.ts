import type { DropReason, FieldPlan } from './extraction-plan';

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
  becomes:
    | 'heading'
    | 'text'
    | 'number'
    | 'media'
    | 'link-url'
    | 'section'
    | 'list'
    | 'sections'
    | 'links'
    | 'names'
    | 'folded'
    | 'dropped';
  reason?: DropReason;
  detail?: string;
}

/**
 * Every attribute a plan meets, depth first, in reading order: what the settings page lists
 * under a type (each component once per place it is used).
 */
export function describePlan(fields: readonly FieldPlan[]): PlanFieldDescription[] {
  const out: PlanFieldDescription[] = [];
  const walk = (
    list: readonly FieldPlan[],
    owner: { component?: string; folded?: string },
  ): void => {
    for (const field of list) {
      const base = { path: field.path, name: field.name, ...owner };
      switch (field.kind) {
        case 'heading':
        case 'text':
        case 'number':
        case 'media':
          out.push({ ...base, becomes: field.kind });
          break;
        case 'url':
          out.push({ ...base, becomes: 'link-url' });
          break;
        case 'component':
          out.push({ ...base, becomes: field.repeatable ? 'list' : 'section' });
          if (field.component.dropped) {
            out.push({
              path: `${field.path}.*`,
              name: '*',
              component: field.component.uid,
              becomes: 'dropped',
              reason: field.component.dropped.reason,
              detail: field.component.dropped.detail,
            });
          } else walk(field.component.fields, { component: field.component.uid });
          break;
        case 'zone':
          out.push({ ...base, becomes: 'sections' });
          for (const plan of Object.values(field.components)) {
            if (plan.dropped) {
              out.push({
                path: `${field.path}[${plan.uid}].*`,
                name: '*',
                component: plan.uid,
                becomes: 'dropped',
                reason: plan.dropped.reason,
                detail: plan.dropped.detail,
              });
            } else walk(plan.fields, { component: plan.uid });
          }
          break;
        case 'relation':
          if (field.target.show === 'fold') {
            out.push({ ...base, becomes: 'folded' });
            walk(field.target.fields, { folded: field.target.uid });
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
  walk(fields, {});
  return out;
}
