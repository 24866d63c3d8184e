import type { ConfigProblem } from '../config/validate-plugin-config';
import { contentTypeKey } from '../config/validate-plugin-config';
import {
  displayAttributeOf,
  PlanCompiler,
  type ComponentOverrides,
  type PlanSite,
} from '../extraction/compile-extraction-plan';
import type { ReadQuery } from '../extraction/extraction-plan';
import { mergeQueries, planQuery } from '../extraction/read-query';
import type { ResolvedBasics, ResolvedContentType } from './resolved-content-type';
import type { SchemaLookup } from '../schema/strapi-schema';

/** The `body` setting as a list of attribute names, each checked (undefined: every attribute). */
function bodyNames(basics: ResolvedBasics): string[] | undefined {
  const { mapping, resolver } = basics;
  if (mapping.body === undefined) return undefined;
  const names = Array.isArray(mapping.body) ? mapping.body : [mapping.body];
  return names.filter((name, index) => {
    const key = Array.isArray(mapping.body) ? `body[${index}]` : 'body';
    const attribute = resolver.schema.attributes[name];
    if (!attribute) return resolver.problem(key, `no such attribute: ${name}`, name) ?? false;
    const hidden = resolver.isHidden(name, attribute);
    if (hidden) return resolver.problem(key, `${name} ${hidden}`, name) ?? false;
    return true;
  });
}

/**
 * The second step of the resolution, once every exposed type's pages are known: each type's
 * extraction plan (a relation links to a type with pages and folds one without) and the
 * queries that read exactly what the plans extract.
 */
export function compileExtraction(
  basics: ReadonlyMap<string, ResolvedBasics>,
  lookup: SchemaLookup,
  components: ComponentOverrides,
  problems: ConfigProblem[],
): Map<string, ResolvedContentType> {
  const site: PlanSite = {
    lookup,
    components,
    exposure: (uid) => {
      const type = basics.get(uid)?.type;
      return type ? { pages: type.page.kind !== 'none' } : undefined;
    },
    typeFields: (uid) => basics.get(uid)?.mapping.fields,
    problem: (field, message, value) => problems.push({ field, message, value }),
  };
  // One compiler for every type: a component's plan is compiled once wherever it is used.
  const compiler = new PlanCompiler(site);
  compiler.checkComponentOverrides();
  const displays = new Map<string, string | undefined>();
  const linkQueries = new Map<string, ReadQuery>();
  for (const [uid, { resolver, urlQuery }] of basics) {
    const display = displayAttributeOf(resolver.schema, lookup.privateAttributes ?? []);
    displays.set(uid, display);
    linkQueries.set(
      uid,
      mergeQueries(urlQuery, { fields: display ? [display] : [], populate: {} }),
    );
  }
  const linkQuery = (uid: string): ReadQuery =>
    linkQueries.get(uid) ?? { fields: [], populate: {} };
  const resolved = new Map<string, ResolvedContentType>();
  for (const [uid, entry] of basics) {
    const before = problems.length;
    const names = bodyNames(entry);
    const body = compiler.bodyPlan({
      uid,
      schema: entry.resolver.schema,
      ...(entry.mapping.fields ? { fields: entry.mapping.fields } : {}),
      ...(names ? { body: names } : {}),
      used: entry.resolver.used,
      ...(entry.type.seo ? { seo: entry.type.seo.attribute } : {}),
      key: contentTypeKey(uid),
    });
    if (problems.length > before || entry.failed) continue;
    const query = mergeQueries(entry.type.query, planQuery(body, linkQuery));
    const display = displays.get(uid);
    resolved.set(uid, {
      ...entry.type,
      body,
      query,
      coverageQuery: mergeQueries(query, planQuery(body, linkQuery, true)),
      linkQuery: linkQuery(uid),
      ...(display ? { display } : {}),
    });
  }
  return resolved;
}
