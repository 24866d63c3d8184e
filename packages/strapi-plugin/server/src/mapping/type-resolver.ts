import type { ConfigProblem } from '../config/validate-plugin-config';
import { contentTypeKey } from '../config/validate-plugin-config';
import type { PopulateEntry, ReadQuery } from '../extraction/extraction-plan';
import type { SchemaLookup, StrapiAttribute, StrapiSchema } from '../schema/strapi-schema';
import { MAX_PLACEHOLDER_DEPTH } from './url-pattern';

/** Reading these could never be right, whatever the mapping says. */
const SECRET_TYPES = new Set(['password']);
const SINGLE_RELATION = /^(oneToOne|manyToOne|oneWay)$/;

export class TypeResolver {
  /** Top-level attributes read as scalars (title, URL fields...): `used`, not in the body. */
  readonly used = new Set<string>();
  query: ReadQuery = { fields: [], populate: {} };

  constructor(
    readonly uid: string,
    readonly schema: StrapiSchema,
    readonly lookup: SchemaLookup,
    private readonly problems: ConfigProblem[],
  ) {}

  isHidden(name: string, attribute: StrapiAttribute): string | undefined {
    if (attribute.private === true || this.lookup.privateAttributes?.includes(name)) {
      return 'is a private attribute';
    }
    if (SECRET_TYPES.has(attribute.type)) return `is of type ${attribute.type}`;
    return undefined;
  }

  problem(key: string, message: string, value?: unknown): undefined {
    this.problems.push({ field: contentTypeKey(this.uid, key), message, value });
    return undefined;
  }

  /**
   * Resolves `attr` or a chain `relation.attr`, `component.relation.attr` (to-one relations and
   * single components, up to MAX_PLACEHOLDER_DEPTH) to a readable scalar of `types`, adding what
   * it reads to the query. `markUsed`: a top-level attribute is not repeated in the body.
   */
  scalar(
    key: string,
    path: string,
    types: ReadonlySet<string>,
    { markUsed = true }: { markUsed?: boolean } = {},
  ): string[] | undefined {
    const names = path.split('.');
    if (names.length > MAX_PLACEHOLDER_DEPTH) {
      return this.problem(key, `follows more than ${MAX_PLACEHOLDER_DEPTH} levels`, path);
    }
    let schema: StrapiSchema | undefined = this.schema;
    const chain: { name: string; kind: 'relation' | 'component' }[] = [];
    for (const [index, name] of names.entries()) {
      const walked = names.slice(0, index + 1).join('.');
      const attribute: StrapiAttribute | undefined = schema?.attributes[name];
      if (!schema || !attribute) return this.problem(key, `no such attribute: ${walked}`, path);
      const hidden = this.isHidden(name, attribute);
      if (hidden) return this.problem(key, `${walked} ${hidden}`, path);
      if (index === names.length - 1) {
        if (!types.has(attribute.type)) {
          return this.problem(
            key,
            `${walked} is of type ${attribute.type}; expected ${[...types].join(', ')}`,
            path,
          );
        }
        break;
      }
      if (attribute.type === 'relation') {
        if (attribute.target?.startsWith('admin::')) {
          return this.problem(
            key,
            `${walked} points at admin users, which are never exposed`,
            path,
          );
        }
        if (!SINGLE_RELATION.test(attribute.relation ?? '') || !attribute.target) {
          return this.problem(
            key,
            `${walked} must be a to-one relation (a to-many one has no single value: use a url function)`,
            path,
          );
        }
        schema = this.lookup.contentType(attribute.target);
        chain.push({ name, kind: 'relation' });
      } else if (attribute.type === 'component' && !attribute.repeatable && attribute.component) {
        schema = this.lookup.component(attribute.component);
        chain.push({ name, kind: 'component' });
      } else {
        return this.problem(
          key,
          `${walked} must be a to-one relation or a single component to read ${names.slice(index + 1).join('.')} from`,
          path,
        );
      }
    }
    this.addRead(names);
    if (names.length === 1 && markUsed) this.used.add(names[0]!);
    return names;
  }

  /** Adds `a.b.c` to the query: `c` a field of what `a.b` populates. */
  addRead(names: readonly string[]): void {
    let query = this.query;
    for (const name of names.slice(0, -1)) {
      const entry: PopulateEntry = (query.populate[name] ??= { fields: [] });
      entry.fields ??= [];
      entry.populate ??= {};
      query = entry as ReadQuery;
    }
    const last = names[names.length - 1]!;
    if (!query.fields.includes(last)) query.fields.push(last);
  }

  firstOf(names: readonly string[], types: ReadonlySet<string>): string | undefined {
    return names.find((name) => {
      const attribute = this.schema.attributes[name];
      return attribute && types.has(attribute.type) && !this.isHidden(name, attribute);
    });
  }
}
