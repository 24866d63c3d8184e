import type { FieldPlan } from '../extraction/extraction-plan';
import type { ResolvedContentType } from '../mapping/resolve-content-types';

/** Whether a plan folds entries of `uid` anywhere (components, zones, folded entries). */
function folds(fields: readonly FieldPlan[], uid: string): boolean {
  return fields.some((field) => {
    switch (field.kind) {
      case 'component':
        return folds(field.component.fields, uid);
      case 'zone':
        return Object.values(field.components).some((plan) => folds(plan.fields, uid));
      case 'relation':
        return field.target.show === 'fold' && field.target.uid === uid;
      default:
        return false;
    }
  });
}

/** The types with pages whose entries show entries of `uid` in place (a type without pages). */
export function typesFolding(
  types: ReadonlyMap<string, ResolvedContentType>,
  uid: string,
): ResolvedContentType[] {
  return [...types.values()].filter((type) => type.page.kind !== 'none' && folds(type.body, uid));
}
