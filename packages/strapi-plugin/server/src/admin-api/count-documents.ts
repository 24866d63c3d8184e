import type { RegenerationEngine } from '@agent-ready/store';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import { documentKey } from '../mapping/to-agent-document';

/** A LIKE pattern (with `ESCAPE '!'`) matching strings that start with `prefix`, taken literally. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Published rows of the agent table for one content type, per locale ('' when not localized). */
export async function countServedByLocale(
  engine: RegenerationEngine,
  uid: string,
): Promise<Map<string, number>> {
  const rows = (await engine
    .knex(engine.tables.documents)
    .where({ state: 'published' })
    .andWhereRaw("doc_key like ? escape '!'", [likePrefix(documentKey(uid, ''))])
    .groupBy('locale')
    .select('locale')
    .count({ n: '*' })) as { locale: unknown; n: unknown }[];
  return new Map(rows.map((row) => [String(row.locale ?? ''), Number(row.n)]));
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
