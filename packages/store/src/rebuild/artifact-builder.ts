import type { ArtifactDescriptor, ArtifactDescriptorBase } from '@agent-ready/core/serve';
import type { ArtifactInput } from '../artifacts/artifact-input';
import type { ArtifactMeta } from '../artifacts/read-artifact-rows';
import type { PublishedRowsOptions } from '../writer/document-rows';

/** The columns a builder may read from published rows. */
export type DocumentColumn =
  | 'doc_key'
  | 'locale'
  | 'visibility'
  | 'c_url'
  | 'm_url'
  | 'm_path'
  | 'section'
  | 'title'
  | 'description'
  | 'language'
  | 'modified'
  | 'modified_ms'
  | 'hash'
  | 'scp_line'
  | 'markdown'
  | 'llm_role'
  | 'llm_data';

export interface ArtifactBuildContext {
  /** Published rows (public ones unless asked otherwise), streamed in pages, in row id order. */
  rows<C extends DocumentColumn>(
    columns: readonly C[],
    options?: PublishedRowsOptions,
  ): AsyncIterable<Record<C | 'id', unknown>>;
  /** The highest row id, whatever its state (0 for an empty table): one read of the key. */
  lastRowId(): Promise<number>;
  /** Every row's id above `afterId`, whatever its state or visibility, ascending. */
  rowIds(options: { afterId: number }): AsyncIterable<number>;
  /**
   * Newest `modified` over every row, whatever its state (optionally of one section): unpublish
   * and delete stamp `modified` too, so this moves on every change and is the same on every
   * instance. Use it for Last-Modified and `generated` so equal content gives equal bytes.
   */
  lastChangeMs(options?: { section?: string }): Promise<number>;
  /**
   * Newest commit stamp over every row, whatever its state (optionally of one section). Unlike
   * `modified` (the source's own time, stamped before its commit), stamps increase in commit
   * order: windows over them (SCP deltas) never miss a save that committed late.
   */
  lastCommitMs(options?: { section?: string }): Promise<number>;
  /**
   * The descriptor of the installed artifact of that name, if any: with it what a builder keeps
   * between builds (the SCP collections' state), shared by every instance through the table.
   */
  installedDescriptor(name: string): Promise<ArtifactDescriptor | undefined>;
  /** Sections that have at least one published public document, sorted. */
  sections(): Promise<string[]>;
  /**
   * The content position the installed artifacts were built from (0: none yet). With
   * `changedSections`, what lets a builder redo only what a burst touched.
   */
  installedSeq: number;
  /** The content position this build reads (its artifacts are installed as of it). */
  contentSeq: number;
  /** How many rows changed after content position `afterSeq`, whatever their state. */
  countChangedAfter(afterSeq: number): Promise<number>;
  /**
   * The rows changed after content position `afterSeq`, whatever their state, by id: what a
   * builder that keeps parts of the site per id range must redo. Their `role` is the llmindex
   * role they have now (removed rows keep theirs).
   */
  changedRows(afterSeq: number): Promise<{ id: number; section: string; role: string | null }[]>;
  /** Sections of the rows changed after content position `afterSeq`, whatever their state, sorted. */
  changedSections(afterSeq: number): Promise<string[]>;
  /** How many rows of a section changed (committed) after `afterMs`. */
  countCommittedAfter(options: { section: string; afterMs: number }): Promise<number>;
  /**
   * How many rows of a section left it (committed) after `afterMs`: unpublished, deleted, made
   * private, or the tombstone of a path a document left. What a listing that only a full
   * rebuild can drop pages from (an SCP snapshot) must be rebuilt for.
   */
  countLeftAfter(options: { section: string; afterMs: number }): Promise<number>;
  /** The installed artifacts of a family: what a builder may keep as they are. */
  installedArtifacts(family: string): Promise<ArtifactMeta[]>;
  /** The stored bytes of an installed artifact (undefined if a newer build replaced them). */
  installedBytes(meta: ArtifactMeta): Promise<Buffer | undefined>;
  /** When this build started. */
  now: Date;
  /** A private temporary folder for big outputs, removed after the build. */
  workDir: string;
}

/**
 * Builds one family of artifacts (sitemaps, SCP collections, llms.txt…) from the table.
 * Builders are pure functions of the rows, their own settings and the installed artifacts'
 * descriptors: every instance, given the same table, produces the same bytes.
 */
/**
 * What a build produced: new artifacts, and the installed ones (by name) that stay exactly as
 * they are. Every other artifact of the family is removed at install.
 */
export interface ArtifactBuildResult<D extends ArtifactDescriptorBase = ArtifactDescriptor> {
  artifacts: ArtifactInput<D>[];
  keep?: readonly string[];
}

/**
 * Work a builder does on its own schedule rather than at every burst (an SCP section's snapshot):
 * when it comes due, for the admin page.
 */
export interface ScheduledBuild {
  family: string;
  /** What gets rebuilt (an SCP section's name). */
  subject: string;
  /** Changes committed since it was last built. */
  changesSince: number;
  /** How many more changes make it due at the next burst (1: the next change does). */
  changesLeft: number;
  /** From then on, the next burst rebuilds it if anything changed since it was built. */
  dueAt?: Date;
}

/** `D`: the descriptor of what it builds (an extension's, see `storedFamily`; core's by default). */
export interface ArtifactBuilder<D extends ArtifactDescriptorBase = ArtifactDescriptor> {
  /** The family of every artifact it builds: a failed build keeps that family's last good ones. */
  family: D['family'];
  /** Part of the configuration key: changing settings forces a rebuild. */
  settingsKey: string;
  build(context: ArtifactBuildContext): Promise<ArtifactInput<D>[] | ArtifactBuildResult<D>>;
  /**
   * Whether the builder has work due although the table did not change (a scheduled snapshot):
   * checked on the engine's heal interval.
   */
  due?(context: ArtifactBuildContext): Promise<boolean>;
  /** When the builder's scheduled work comes due (read only; for the admin page). */
  schedule?(context: ArtifactBuildContext): Promise<ScheduledBuild[]>;
}
