import type { Knex } from 'knex';
import type { CatalogChange } from '@agent-ready/core';
import type { TableNames } from '../schema/table-names';
import type { StoreLogger } from '../ground/store-logger';

/** Changes read per query while catching up. */
const PAGE = 1000;

/**
 * Tells listeners of the document changes committed after they subscribed, in commit order:
 * it reads the change feed's rows (`listed`, by `change_seq`) after the last position it
 * delivered whenever it is woken (the reader's cache was dropped: this process wrote, or a
 * PostgreSQL notification told of another's commit) and on a timer (`pollMs`: how other
 * processes' commits show where nothing notifies). One watch per reader, whatever the number
 * of listeners; nothing runs while there are none.
 */
export class CatalogChangeWatch {
  private readonly listeners = new Set<(changes: readonly CatalogChange[]) => void>();
  /** The position delivered up to; undefined until the first listener's start was read. */
  private position: number | undefined;
  private starting: Promise<void> | undefined;
  private checking: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly tables: TableNames,
    /** How often to look without being woken (ms), now: the reader's polling bound. */
    private readonly pollMs: () => number,
    private readonly logger: StoreLogger,
  ) {}

  /** Calls `listener` with each batch of changes committed from now on; returns the unsubscribe. */
  subscribe(listener: (changes: readonly CatalogChange[]) => void): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      this.starting = this.readStart().finally(() => {
        this.starting = undefined;
      });
      this.schedule();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Whether the first position was read (a subscriber is sure to get what commits after). */
  async ready(): Promise<void> {
    await this.starting;
  }

  /** Something may have committed: look now. */
  wake(): void {
    if (this.listeners.size === 0) return;
    void this.check();
  }

  close(): void {
    this.listeners.clear();
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.position = undefined;
  }

  private async readStart(): Promise<void> {
    try {
      const row = await this.knex(this.tables.state).where({ name: 'content_seq' }).first('value');
      this.position ??= Number(row?.value ?? 0);
    } catch (error) {
      this.logger.warn(`agent-ready: change watch could not start: ${(error as Error).message}`);
    }
  }

  private schedule(): void {
    if (this.listeners.size === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check().finally(() => this.schedule());
    }, this.pollMs());
    this.timer.unref?.();
  }

  private check(): Promise<void> {
    if (this.checking) {
      // Woken while reading: read once more after, for what committed meanwhile.
      this.again = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        await this.deliverNewChanges();
      } while (this.again && this.listeners.size > 0);
    })().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async deliverNewChanges(): Promise<void> {
    await this.starting;
    if (this.position === undefined) await this.readStart();
    try {
      while (this.position !== undefined && this.listeners.size > 0) {
        const rows: Record<string, unknown>[] = await this.knex(this.tables.documents)
          .where('change_seq', '>', this.position)
          .andWhere('listed', true)
          .orderBy('change_seq')
          .limit(PAGE)
          .select('change_seq', 'state', 'visibility', 'c_url');
        if (rows.length === 0) return;
        const changes: CatalogChange[] = rows.map((row) => ({
          cUrl: String(row.c_url),
          state: String(row.state) as CatalogChange['state'],
          visibility: row.visibility === 'protected' ? 'protected' : 'public',
          changeSeq: Number(row.change_seq),
        }));
        this.position = changes[changes.length - 1]!.changeSeq;
        for (const listener of [...this.listeners]) {
          try {
            listener(changes);
          } catch (error) {
            this.logger.warn(`agent-ready: a change listener failed: ${(error as Error).message}`);
          }
        }
        if (rows.length < PAGE) return;
      }
    } catch (error) {
      this.logger.warn(`agent-ready: change watch could not read: ${(error as Error).message}`);
    }
  }
}
