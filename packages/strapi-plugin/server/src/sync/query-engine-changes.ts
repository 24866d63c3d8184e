import { runAfterCommit, type TransactionalDatabase } from './after-commit';

/** The media library's files: edited through the upload plugin, never the Document Service. */
export const UPLOAD_FILE_UID = 'plugin::upload.file';

interface LifecycleEvent {
  model?: { uid?: string };
  params?: { where?: unknown };
  result?: unknown;
  state?: Record<string, unknown>;
}

type LifecycleHook = (event: LifecycleEvent) => unknown;

/** `strapi.db`, as far as subscribing to the Query Engine's lifecycles and reading ids goes. */
export interface QueryEngineDatabase extends TransactionalDatabase {
  lifecycles: { subscribe(subscriber: Record<string, LifecycleHook>): unknown };
  query(uid: string): {
    findMany(params: { where?: unknown; select: string[] }): Promise<{ documentId?: unknown }[]>;
  };
}

export interface QueryEngineChangesOptions {
  /** Whether changes of this model are wanted (its rows are documents: `documentId`). */
  tracks(uid: string): boolean;
  /** Called after the outermost commit with each changed document. */
  onChange(uid: string, documentId: string): void;
  onError(error: unknown): void;
}

const documentIdsOf = (rows: unknown): string[] =>
  (Array.isArray(rows) ? rows : [rows]).flatMap((row) => {
    const id = (row as { documentId?: unknown } | null)?.documentId;
    return typeof id === 'string' && id !== '' ? [id] : [];
  });

/**
 * Reports each document a write through the Query Engine changed, once its transaction commits:
 * writes no Document Service middleware sees, made beneath them. The media library's (a new alt
 * text or caption, a replaced file: the upload plugin writes files with `strapi.db.query`), and
 * an app's own (a page tree's `fullPath` rewritten in its descendants with `updateMany`). A
 * Document Service write is reported here too (its rows are Query Engine writes): the sync queue
 * coalesces the two. `updateMany` and `deleteMany` name rows by a filter, so the documents they
 * touch are read before they run. Like the change middleware, it never throws into the save.
 * Returns the unsubscribe function.
 */
export function subscribeToQueryEngine(
  db: QueryEngineDatabase,
  options: QueryEngineChangesOptions,
): () => void {
  const report = async (uid: string, ids: string[]) => {
    if (ids.length === 0) return;
    await runAfterCommit(db, () => {
      try {
        for (const id of ids) options.onChange(uid, id);
      } catch (error) {
        options.onError(error);
      }
    });
  };
  const guarded =
    (hook: (uid: string, event: LifecycleEvent) => Promise<void>): LifecycleHook =>
    async (event) => {
      const uid = event.model?.uid;
      if (uid === undefined || !options.tracks(uid)) return;
      try {
        await hook(uid, event);
      } catch (error) {
        options.onError(error);
      }
    };
  const afterOne = guarded((uid, event) => report(uid, documentIdsOf(event.result)));
  // Before a write by filter: which documents it is about to touch (kept in the event's state).
  const beforeMany = guarded(async (uid, event) => {
    const rows = await db
      .query(uid)
      .findMany({ where: event.params?.where, select: ['documentId'] });
    event.state = { ...event.state, agentReadyDocuments: documentIdsOf(rows) };
  });
  const afterMany = guarded((uid, event) =>
    report(uid, (event.state?.agentReadyDocuments as string[] | undefined) ?? []),
  );
  const unsubscribe = db.lifecycles.subscribe({
    afterCreate: afterOne,
    afterUpdate: afterOne,
    afterDelete: afterOne,
    beforeUpdateMany: beforeMany,
    afterUpdateMany: afterMany,
    beforeDeleteMany: beforeMany,
    afterDeleteMany: afterMany,
  });
  return typeof unsubscribe === 'function' ? (unsubscribe as () => void) : () => {};
}
