import { runAfterCommit, type TransactionalDatabase } from './after-commit';

/** What Strapi hands a Document Service middleware. */
export interface DocumentActionContext {
  uid: string;
  action: string;
  params?: Record<string, unknown>;
}

export type DocumentServiceMiddleware = (
  context: DocumentActionContext,
  next: () => Promise<unknown>,
) => Promise<unknown>;

/** Every Document Service action that can change what is published. */
export const WRITE_ACTIONS: ReadonlySet<string> = new Set([
  'create',
  'update',
  'delete',
  'publish',
  'unpublish',
  'discardDraft',
  'clone',
]);

/** The document an action changed: the new one for create/clone, else the one it was called on. */
export function changedDocumentId(
  action: string,
  params: Record<string, unknown> | undefined,
  result: unknown,
): string | undefined {
  const fromResult =
    result !== null && typeof result === 'object'
      ? (result as { documentId?: unknown }).documentId
      : undefined;
  const fromParams = params?.documentId;
  const id = action === 'create' || action === 'clone' ? fromResult : (fromParams ?? fromResult);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

export interface ChangeMiddlewareOptions {
  tracks(uid: string): boolean;
  db: TransactionalDatabase;
  /** Called after the outermost commit with the changed document. */
  onChange(uid: string, documentId: string): void;
  onError(error: unknown): void;
}

/**
 * The one Document Service middleware: lets the action run, then, once its transaction has
 * committed, reports which document changed. It never touches the result and never throws into
 * the save: whatever goes wrong here is logged and healed by the next change or reconcile.
 * Which locales changed, and how, is not decided here: the sync re-reads the document's
 * published versions and compares them with the table, so every action (publish inside
 * create/update, bulk actions, locale deletes) is handled the same way.
 */
export function createChangeMiddleware(
  options: ChangeMiddlewareOptions,
): DocumentServiceMiddleware {
  return async (context, next) => {
    if (!WRITE_ACTIONS.has(context.action) || !options.tracks(context.uid)) return next();
    const result = await next();
    try {
      const documentId = changedDocumentId(context.action, context.params, result);
      if (documentId !== undefined) {
        // Strapi calls commit callbacks inside its commit: a throw there would fail the save.
        await runAfterCommit(options.db, () => {
          try {
            options.onChange(context.uid, documentId);
          } catch (error) {
            options.onError(error);
          }
        });
      }
    } catch (error) {
      options.onError(error);
    }
    return result;
  };
}
