import type { SchemaLookup, StrapiSchema } from '../schema/strapi-schema';
import { classifyAttribute } from './classify-attribute';
import { looseName, SEO_FIELD_NAMES, STRING_TYPES } from './name-conventions';

/** A type's SEO component and the attributes of it that are used. */
export interface SeoComponent {
  /** The component attribute of the type (`seo`). */
  attribute: string;
  /** `metaTitle`: the title of entries without one of their own. */
  title?: string;
  /** `metaDescription`: the description of entries without one. */
  description?: string;
  /** `canonicalURL` / `canonicalUrl`: the entry's C-URL when it is on the site's origin. */
  canonical?: string;
}

/**
 * The SEO component of a type, recognized by its fields (`metaTitle`, `metaDescription`,
 * `canonicalURL`/`canonicalUrl`, `metaImage`/`shareImage`, `metaRobots`, `keywords`...), as
 * `shared.seo` of Strapi's example app, LaunchPad and the SEO plugin define it: a single
 * component with a meta title or description and at least one more SEO field. `named` picks the
 * attribute instead (config `seo`).
 */
export function findSeoComponent(
  schema: StrapiSchema,
  lookup: SchemaLookup,
  named?: string,
): SeoComponent | undefined {
  const privateAttributes = lookup.privateAttributes ?? [];
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (named !== undefined && name !== named) continue;
    if (attribute.type !== 'component' || attribute.repeatable || !attribute.component) continue;
    if (classifyAttribute(name, attribute, privateAttributes).kind === 'dropped') continue;
    const component = lookup.component(attribute.component);
    if (!component) continue;
    const found: SeoComponent = { attribute: name };
    let known = 0;
    for (const [field, fieldAttribute] of Object.entries(component.attributes)) {
      const role = SEO_FIELD_NAMES[looseName(field)];
      if (!role) continue;
      known++;
      const readable =
        STRING_TYPES.has(fieldAttribute.type) &&
        fieldAttribute.private !== true &&
        !privateAttributes.includes(field);
      if (role !== 'other' && readable && found[role] === undefined) found[role] = field;
    }
    const hasMeta = found.title !== undefined || found.description !== undefined;
    if (named !== undefined || (hasMeta && known >= 2)) return found;
  }
  return undefined;
}
