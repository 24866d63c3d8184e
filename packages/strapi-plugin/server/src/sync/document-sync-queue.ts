import { AsyncResource } from 'node:async_hooks';

/**
 * What a queued run follows besides the document: `all` (it changed in Strapi: the pages that
 * show it, and the documents it relates to from the other side), `showing` (its relations
 * changed with another's edit: the pages that show it), `none` (a page re-synced because it
 * shows another: no news for a third). A run waiting for less takes the wider reason.
 */
export type SyncReason = 'all' | 'showing' | 'none';

const REACH: Record<SyncReason, number> = { none: 0, showing: 1, all: 2 };

export interface DocumentSyncQueueOptions {
  /** Brings one document in line (re-reads it, writes the table). */
  run(uid: string, documentId: string, reason: SyncReason): Promise<void>;
  /** A failed run: logged; the document is healed by its next change or the next reconcile. */
  onError(error: unknown, uid: string, documentId: string): void;
  /** Documents synced at the same time (default 2); one document never runs twice at once. */
  concurrency?: number;
}

interface Task {
  uid: string;
  documentId: string;
  reason: SyncReason;
}

/**
 * Coalescing work queue keyed by document. A burst of saves of one document costs at most one
 * run in progress plus one waiting (each run re-reads the latest state, so later saves need no
 * runs of their own). Runs start only once `open()` is called (after the start-up reconcile) and
 * always outside the caller's async context: the Document Service keeps its transaction in
 * AsyncLocalStorage, and a sync must never run inside the (already committed) write's context.
 */
export class DocumentSyncQueue {
  private readonly waiting = new Map<string, Task>();
  private readonly running = new Set<string>();
  private readonly concurrency: number;
  private readonly schedulePump: () => void;
  private idleWaiters: (() => void)[] = [];
  private opened = false;
  private closed = false;

  constructor(private readonly options: DocumentSyncQueueOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    // Bound to the context the queue is created in (plugin register, no transaction).
    this.schedulePump = AsyncResource.bind(() => {
      setImmediate(() => this.pump());
    });
  }

  get pending(): number {
    return this.waiting.size + this.running.size;
  }

  enqueue(uid: string, documentId: string, reason: SyncReason = 'all'): void {
    if (this.closed) return;
    const key = `${uid}\u0000${documentId}`;
    const waiting = this.waiting.get(key);
    if (!waiting) this.waiting.set(key, { uid, documentId, reason });
    else if (REACH[reason] > REACH[waiting.reason]) waiting.reason = reason;
    this.schedulePump();
  }

  /** Starts processing (and keeps processing whatever was queued before). */
  open(): void {
    if (this.closed) return;
    this.opened = true;
    this.schedulePump();
  }

  /** Stops starting runs (work keeps queueing) and waits for runs in progress. */
  async pause(): Promise<void> {
    this.opened = false;
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Resolves once the queue is open (or closed) and has nothing waiting or running. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops waiting work and waits for runs in progress to finish. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    this.opened = true;
    await this.whenIdle();
  }

  private isIdle(): boolean {
    return (this.opened || this.closed) && this.waiting.size === 0 && this.running.size === 0;
  }

  private pump(): void {
    if (this.opened && !this.closed) {
      for (const [key, task] of this.waiting) {
        if (this.running.size >= this.concurrency) break;
        if (this.running.has(key)) continue;
        this.waiting.delete(key);
        this.running.add(key);
        void this.execute(key, task);
      }
    }
    if (this.isIdle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private async execute(key: string, task: Task): Promise<void> {
    try {
      await this.options.run(task.uid, task.documentId, task.reason);
    } catch (error) {
      try {
        this.options.onError(error, task.uid, task.documentId);
      } catch {
        // A logger that throws must not stop the queue.
      }
    } finally {
      this.running.delete(key);
      this.pump();
    }
  }
}
