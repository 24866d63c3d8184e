/** The part of Strapi's `strapi.db` that knows about transactions. */
export interface TransactionalDatabase {
  inTransaction(): boolean;
  transaction(
    callback: (context: { onCommit(callback: () => void): void }) => unknown,
  ): Promise<unknown>;
}

/**
 * Runs `work` once the current write is durable: at once when no transaction is open, else
 * after the outermost commit (Strapi nests transactions by reusing the outer one and runs
 * `onCommit` callbacks when that one commits, e.g. the Content Manager's bulk publish of many
 * documents). A rollback drops `work`, as nothing it would look at changed.
 */
export async function runAfterCommit(db: TransactionalDatabase, work: () => void): Promise<void> {
  if (!db.inTransaction()) {
    work();
    return;
  }
  await db.transaction(({ onCommit }) => {
    onCommit(work);
  });
}
