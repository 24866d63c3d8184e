// What the document writer's operations return and take: their own module, so the writer's
// helpers (a reconcile, a batch) name them without importing the writer that uses them.

export type UpsertStatus = 'created' | 'updated' | 'unchanged' | 'stale';

export interface UpsertOutcome {
  status: UpsertStatus;
  /** The `modified` the stored representation carries. */
  modified: string;
  hash: string;
  /** Position of this change in commit order (created/updated only). */
  changeSeq?: number;
  /**
   * When the document left a path (a new slug or URL pattern): the position of that path's
   * tombstone, a change of its own just before `changeSeq` (the old M-URL answers 410). Also
   * when it left a section at the same path (the mark its old section keeps).
   */
  leftPathSeq?: number;
}

export interface RemoveOutcome {
  removed: boolean;
  /** Position of this change in commit order (when removed). */
  changeSeq?: number;
  /** Ignored: the stored row carries a newer revision than the read this removal came from. */
  stale?: boolean;
}

export interface RemoveOptions {
  /**
   * Revision of the read that found the document gone (the same clock as `PreparedDocument`'s
   * `revision`). Recorded on the row, so a save that read before the removal is refused as stale
   * instead of bringing the document back; a removal older than the stored version is ignored.
   */
  revision?: number;
  /**
   * Remove only a row whose last change is at or before this content position (where a
   * reconcile began): a change after it is newer than anything the pass read, and stays.
   */
  unchangedSince?: number;
}

/**
 * `unpublished`: no longer published, its M-URL answers 404 and its URL is free again;
 * `deleted`: gone for good, a tombstone row answers 410 Gone.
 */
export type RemovalReason = 'unpublished' | 'deleted';
