/**
 * The parts of a Strapi v5 schema the mapping reads (`strapi.contentTypes[uid]`,
 * `strapi.components[uid]`), kept minimal so the mapping is testable with plain JSON.
 */
export interface StrapiAttribute {
  type: string;
  private?: boolean;
  /** relation */
  relation?: string;
  target?: string;
  /** The other side of a two-sided relation (the owning side names `inversedBy`). */
  inversedBy?: string;
  mappedBy?: string;
  /** component */
  component?: string;
  repeatable?: boolean;
  /** dynamiczone */
  components?: string[];
  /** media */
  multiple?: boolean;
  /** A custom field's registered UID (its `type` is the underlying Strapi type). */
  customField?: string;
  pluginOptions?: { i18n?: { localized?: boolean } };
}

export interface StrapiSchema {
  uid?: string;
  kind?: 'collectionType' | 'singleType';
  info: { singularName?: string; pluralName?: string; displayName?: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
  attributes: Record<string, StrapiAttribute>;
}

export interface SchemaLookup {
  contentType(uid: string): StrapiSchema | undefined;
  component(uid: string): StrapiSchema | undefined;
  /** Attribute names every response hides (`api.responses.privateAttributes`). */
  privateAttributes?: readonly string[];
}

/** A Strapi entry as the Document Service returns it. */
export type StrapiEntry = Record<string, unknown> & {
  documentId?: string;
  locale?: string | null;
  updatedAt?: string | Date | null;
};
