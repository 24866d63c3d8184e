import type { Server } from 'node:http';
import type { Core } from '@strapi/strapi';
import request from 'supertest';

/**
 * The three ways content changes in real apps (docs: notes on Strapi content models), each as
 * such an app makes the call: the app's own code through the Document Service, an import script
 * or another service through the REST Content API (which publishes by default), and an editor in
 * the admin panel through the Content Manager's routes (save the draft, then publish).
 */
export type EntryPoint = 'documents' | 'rest' | 'admin';
export const ENTRY_POINTS: readonly EntryPoint[] = ['documents', 'rest', 'admin'];

/** Where an entry is written, and as whom. */
export interface WriteTarget {
  strapi: Core.Strapi;
  http: Server;
  /** A full-access API token (the REST API). */
  apiToken: string;
  /** A super admin's JWT (the Content Manager). */
  adminJwt: string;
}

export interface EntryWrite {
  uid: string;
  /** Undefined for a single type. */
  documentId: string | undefined;
  /** '' when the type is not localized. */
  locale: string;
  /** Attributes as Strapi takes them (relations as `{ set: [...] }`, media as file ids). */
  data: Record<string, unknown>;
  /** Publish the version written (a type with draft & publish); else leave a draft. */
  publish: boolean;
}

interface SchemaInfo {
  kind?: string;
  info: { singularName?: string; pluralName?: string };
  options?: { draftAndPublish?: boolean };
}

function schemaOf(strapi: Core.Strapi, uid: string): SchemaInfo {
  return strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as unknown as SchemaInfo;
}

async function expectOk(what: string, res: request.Response): Promise<void> {
  if (res.status >= 200 && res.status < 300) return;
  throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 500)}`);
}

/** Writes one locale of an entry through `via`; resolves once Strapi answered (committed). */
export async function writeEntry(
  target: WriteTarget,
  via: EntryPoint,
  write: EntryWrite,
): Promise<void> {
  const schema = schemaOf(target.strapi, write.uid);
  const single = schema.kind === 'singleType';
  const draftAndPublish = schema.options?.draftAndPublish === true;
  const locale = write.locale ? { locale: write.locale } : {};
  switch (via) {
    case 'documents': {
      const documents = target.strapi.documents(write.uid as never) as unknown as {
        update(params: Record<string, unknown>): Promise<unknown>;
        create(params: Record<string, unknown>): Promise<unknown>;
      };
      const status = draftAndPublish && write.publish ? { status: 'published' } : {};
      await documents.update({
        ...(write.documentId ? { documentId: write.documentId } : {}),
        ...locale,
        data: write.data,
        ...status,
      });
      return;
    }
    case 'rest': {
      const path = single
        ? `/api/${schema.info.singularName}`
        : `/api/${schema.info.pluralName}/${write.documentId}`;
      const query = new URLSearchParams();
      if (write.locale) query.set('locale', write.locale);
      if (draftAndPublish && !write.publish) query.set('status', 'draft');
      const res = await request(target.http)
        .put(`${path}?${query}`)
        .set('Authorization', `Bearer ${target.apiToken}`)
        .send({ data: write.data });
      await expectOk(`PUT ${path}`, res);
      return;
    }
    case 'admin': {
      const base = single
        ? `/content-manager/single-types/${write.uid}`
        : `/content-manager/collection-types/${write.uid}/${write.documentId}`;
      const query = write.locale ? `?locale=${write.locale}` : '';
      const saved = await request(target.http)
        .put(`${base}${query}`)
        .set('Authorization', `Bearer ${target.adminJwt}`)
        .send(write.data);
      await expectOk(`PUT ${base}`, saved);
      if (!draftAndPublish || !write.publish) return;
      const published = await request(target.http)
        .post(`${base}/actions/publish${query}`)
        .set('Authorization', `Bearer ${target.adminJwt}`)
        .send({});
      await expectOk(`POST ${base}/actions/publish`, published);
      return;
    }
  }
}
