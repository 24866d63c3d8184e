import type {
  ComponentPlan,
  FieldPlan,
  PopulateEntry,
  ReadQuery,
  RelationPlan,
} from './extraction-plan';

/** What is read of a media file: its URL, the words about it, its kind. */
export const MEDIA_FIELDS = ['url', 'alternativeText', 'caption', 'mime', 'name'];

/** Every populate entry names its fields: without `fields` Strapi reads all, private ones too. */
function entryOf(query: ReadQuery): PopulateEntry {
  return {
    fields: query.fields,
    ...(Object.keys(query.populate).length > 0 ? { populate: query.populate } : {}),
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export function mergePopulateEntry(a: PopulateEntry, b: PopulateEntry): PopulateEntry {
  const merged: PopulateEntry = {};
  if (a.fields || b.fields) merged.fields = unique([...(a.fields ?? []), ...(b.fields ?? [])]);
  if (a.populate || b.populate) merged.populate = mergePopulate(a.populate ?? {}, b.populate ?? {});
  if (a.on || b.on) {
    const on: NonNullable<PopulateEntry['on']> = { ...a.on };
    for (const [uid, entry] of Object.entries(b.on ?? {})) {
      const existing = on[uid];
      on[uid] = existing ? (mergePopulateEntry(existing, entry) as typeof entry) : entry;
    }
    merged.on = on;
  }
  return merged;
}

export function mergePopulate(
  a: Record<string, PopulateEntry>,
  b: Record<string, PopulateEntry>,
): Record<string, PopulateEntry> {
  const merged = { ...a };
  for (const [name, entry] of Object.entries(b)) {
    const existing = merged[name];
    merged[name] = existing ? mergePopulateEntry(existing, entry) : entry;
  }
  return merged;
}

/** Two queries as one: fields united, populates merged attribute by attribute. */
export function mergeQueries(a: ReadQuery, b: ReadQuery): ReadQuery {
  return {
    fields: unique([...a.fields, ...b.fields]),
    populate: mergePopulate(a.populate, b.populate),
  };
}

export const EMPTY_QUERY: ReadQuery = { fields: [], populate: {} };

/** What a relation reads of each target: names, what their URLs need, or folded content. */
function relationQuery(
  target: RelationPlan,
  linkQuery: (uid: string) => ReadQuery,
  includeDropped: boolean,
): ReadQuery {
  switch (target.show) {
    case 'link':
      return mergeQueries(linkQuery(target.uid), {
        fields: target.display ? [target.display] : [],
        populate: {},
      });
    case 'name':
      return { fields: [target.display], populate: {} };
    case 'fold':
      return mergeQueries(planQuery(target.fields, linkQuery, includeDropped), {
        fields: target.title ? [target.title] : [],
        populate: {},
      });
  }
}

function componentQuery(
  plan: ComponentPlan,
  linkQuery: (uid: string) => ReadQuery,
  includeDropped: boolean,
): ReadQuery {
  if (plan.dropped && !includeDropped) return EMPTY_QUERY;
  return planQuery(plan.fields, linkQuery, includeDropped);
}

/**
 * The Document Service `fields` and `populate` reading exactly what a plan extracts (and, with
 * `includeDropped`, the text it leaves out, which only the coverage reads): never an attribute
 * the plan does not name, so private attributes, passwords and admin users are never read.
 * `linkQuery(uid)` is what linking to an entry of `uid` needs (its name and URL fields).
 */
export function planQuery(
  fields: readonly FieldPlan[],
  linkQuery: (uid: string) => ReadQuery,
  includeDropped = false,
): ReadQuery {
  const query: ReadQuery = { fields: [], populate: {} };
  const add = (field: FieldPlan): void => {
    switch (field.kind) {
      case 'heading':
      case 'text':
      case 'number':
      case 'link':
        query.fields.push(field.name);
        return;
      case 'media':
        query.populate = mergePopulate(query.populate, { [field.name]: { fields: MEDIA_FIELDS } });
        return;
      case 'component': {
        const inner = componentQuery(field.component, linkQuery, includeDropped);
        if (inner.fields.length > 0 || Object.keys(inner.populate).length > 0)
          query.populate = mergePopulate(query.populate, { [field.name]: entryOf(inner) });
        return;
      }
      case 'zone': {
        // Every component of the zone is named, so no item is read with all its fields.
        const on: NonNullable<PopulateEntry['on']> = {};
        for (const [uid, plan] of Object.entries(field.components)) {
          const inner = componentQuery(plan, linkQuery, includeDropped);
          on[uid] = entryOf(inner);
        }
        query.populate = mergePopulate(query.populate, { [field.name]: { on } });
        return;
      }
      case 'relation':
        query.populate = mergePopulate(query.populate, {
          [field.name]: entryOf(relationQuery(field.target, linkQuery, includeDropped)),
        });
        return;
      case 'dropped':
        if (includeDropped && field.inner) add(field.inner);
        return;
    }
  };
  for (const field of fields) add(field);
  query.fields = unique(query.fields);
  return query;
}
