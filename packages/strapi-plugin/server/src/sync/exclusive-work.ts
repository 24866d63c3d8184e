/**
 * Work that must run alone: reconciles and settings changes, one after another, each with the
 * document syncs paused (so a document is never synced with half-installed settings), syncs
 * resumed after each.
 */
export class ExclusiveWork {
  private tail: Promise<unknown> = Promise.resolve();
  private count = 0;

  constructor(private readonly syncs: { pause(): Promise<void>; open(): void }) {}

  /** Pieces of work queued or running. */
  get pending(): number {
    return this.count;
  }

  /** Runs `work` after every piece queued before it, with the syncs paused. */
  run<T>(work: () => Promise<T>): Promise<T> {
    this.count++;
    const run = this.tail.then(async () => {
      await this.syncs.pause();
      try {
        return await work();
      } finally {
        this.syncs.open();
      }
    });
    this.tail = run.then(
      () => this.count--,
      () => this.count--,
    );
    return run;
  }

  /** Resolves once everything queued so far has run (later work may follow). */
  async settled(): Promise<void> {
    await this.tail;
  }
}
