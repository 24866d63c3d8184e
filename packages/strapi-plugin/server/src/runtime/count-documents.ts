import type { RegenerationEngine } from '@agent-ready/store';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import { documentKey } from '../mapping/to-agent-document';

/** Published rows of the agent table for one content type, per locale ('' when not localized). */
export function countServedByLocale(
  engine: RegenerationEngine,
  uid: string,
): Promise<Map<string, number>> {
  return engine.countPublishedByLocale(documentKey(uid, ''));
}

/** `strapi.documents`, as far as counting goes. */
export type CountingDocumentsApi = (uid: string) => {
  count(params: Record<string, unknown>): Promise<number>;
};

/** Published entries in Strapi for one content type and locale (locale ignored when not localized). */
export async function countPublishedEntries(
  documents: CountingDocumentsApi,
  type: Pick<ResolvedContentType, 'uid' | 'localized'>,
  locale: string,
): Promise<number> {
  return Number(
    await documents(type.uid).count({
      status: 'published',
      ...(type.localized ? { locale } : {}),
    }),
  );
}
