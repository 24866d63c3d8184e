import type { Knex } from 'knex';
import type { ArtifactFamilies } from '@agent-ready/core/serve';
import type { ArtifactBuildContext, ArtifactBuilder } from './artifact-builder';
import type { ArtifactInput } from '../artifacts/artifact-input';
import {
  listArtifactMeta,
  readArtifactBytes,
  readArtifactMeta,
} from '../artifacts/read-artifact-rows';
import { iteratePublishedRows, iterateRowIds } from '../writer/document-rows';
import { readSequences } from '../state/store-state';
import type { TableNames } from '../schema/table-names';

/** A family whose build failed this pass. */
export interface BuildFailure {
  family: string;
  message: string;
}

/** Whether the installed artifacts were built under `configKey` from the table as it is now. */
export async function artifactsFresh(
  knex: Knex,
  t: TableNames,
  configKey: string,
): Promise<boolean> {
  const [sequences, state] = await Promise.all([
    readSequences(knex, t),
    knex(t.state).where({ name: 'artifacts_seq' }).first('holder'),
  ]);
  // Installed under these settings and as of the last change. Not "some artifact exists": a
  // site whose families build nothing (the sitemap is no artifact) would never be fresh.
  return sequences.artifacts >= sequences.content && state?.holder === configKey;
}

/**
 * What builders read the table through (see ArtifactBuildContext), over `knex` (a snapshot's
 * transaction during a pass): every read of rows is counted in `reads`.
 */
export function createBuildContext(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  position: { installedSeq: number; contentSeq: number },
  options: {
    now: Date;
    workDir: string;
    reads?: { rows: number };
    /** The stored families installed artifacts are read by (an extension's too). */
    families?: ArtifactFamilies;
  },
): ArtifactBuildContext {
  const { installedSeq, contentSeq } = position;
  const reads = options.reads ?? { rows: 0 };
  async function* counted<T>(rows: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const row of rows) {
      reads.rows++;
      yield row;
    }
  }
  const newest = async (column: string, section?: string) => {
    let query = knex(t.documents).max({ newest: column });
    if (section !== undefined) query = query.where({ section });
    const row = (await query)[0] as { newest?: unknown } | undefined;
    return Number(row?.newest ?? 0);
  };
  return {
    rows: (columns, options) =>
      counted(
        iteratePublishedRows(knex, t, columns, {
          ...options,
          visibility: options?.visibility ?? 'public',
        }),
      ),
    sections: async () =>
      (
        await knex(t.documents)
          .distinct('section')
          .where({ state: 'published', visibility: 'public' })
          .orderBy('section')
      ).map((r: { section: unknown }) => String(r.section)),
    lastChangeMs: async (options) => newest('modified_ms', options?.section),
    lastCommitMs: async (options) => newest('committed_ms', options?.section),
    rowIds: ({ afterId }) => counted(iterateRowIds(knex, t, afterId)),
    lastRowId: async () => {
      const row = (await knex(t.documents).max({ last: 'id' }).first()) as
        { last?: unknown } | undefined;
      return Number(row?.last ?? 0);
    },
    installedDescriptor: async (name) =>
      (await readArtifactMeta(knex, t, name, options.families))?.descriptor,
    installedSeq,
    contentSeq,
    countChangedAfter: async (afterSeq) => {
      const row = (await knex(t.documents)
        .where('change_seq', '>', afterSeq)
        .count({ n: '*' })
        .first()) as { n: unknown } | undefined;
      return Number(row?.n ?? 0);
    },
    // By the change_seq index: as many rows as changed, whatever the size of the table.
    changedSections: async (afterSeq) =>
      (
        await knex(t.documents)
          .distinct('section')
          .where('change_seq', '>', afterSeq)
          .orderBy('section')
      ).map((r: { section: unknown }) => String(r.section)),
    // By the change_seq index, like changedSections.
    changedRows: async (afterSeq) => {
      const rows = (await knex(t.documents)
        .where('change_seq', '>', afterSeq)
        .orderBy('id')
        .select('id', 'section', 'llm_role')) as {
        id: unknown;
        section: unknown;
        llm_role: unknown;
      }[];
      reads.rows += rows.length;
      return rows.map((row) => ({
        id: Number(row.id),
        section: String(row.section),
        role: row.llm_role == null ? null : String(row.llm_role),
      }));
    },
    countCommittedAfter: async ({ section, afterMs }) => {
      const row = (await knex(t.documents)
        .where({ section })
        .andWhere('committed_ms', '>', afterMs)
        .count({ n: '*' })
        .first()) as { n: unknown } | undefined;
      return Number(row?.n ?? 0);
    },
    // By the (section, committed_ms) index: the section's changes since, whatever the site's size.
    countLeftAfter: async ({ section, afterMs }) => {
      const row = (await knex(t.documents)
        .where({ section })
        .andWhere('committed_ms', '>', afterMs)
        .andWhere((q) => q.whereNot('state', 'published').orWhereNot('visibility', 'public'))
        .count({ n: '*' })
        .first()) as { n: unknown } | undefined;
      return Number(row?.n ?? 0);
    },
    installedArtifacts: (family) => listArtifactMeta(knex, t, family, options.families),
    installedBytes: (meta) => readArtifactBytes(knex as Knex, t, meta),
    now: options.now,
    workDir: options.workDir,
  };
}

/**
 * Runs every builder on one context. One family's failure (a bad setting, an unrenderable page)
 * does not take the others down: it is reported, its last good artifacts stay.
 */
export async function buildAllFamilies(
  builders: readonly ArtifactBuilder[],
  context: ArtifactBuildContext,
): Promise<{ artifacts: ArtifactInput[]; keep: Set<string>; failures: BuildFailure[] }> {
  const all: ArtifactInput[] = [];
  const keep = new Set<string>();
  const failures: BuildFailure[] = [];
  for (const builder of builders) {
    try {
      const built = await builder.build(context);
      if (Array.isArray(built)) all.push(...built);
      else {
        all.push(...built.artifacts);
        for (const name of built.keep ?? []) keep.add(name);
      }
    } catch (error) {
      // One family's failure (a bad setting, an unrenderable page) must not take the others
      // down: they are installed, this one is reported and retried at the next rebuild.
      failures.push({
        family: builder.family,
        message: (error as Error).message ?? String(error),
      });
    }
  }
  const names = new Set<string>(keep);
  for (const artifact of all) {
    if (names.has(artifact.name)) throw new Error(`two artifacts are named ${artifact.name}`);
    names.add(artifact.name);
  }
  return { artifacts: all, keep, failures };
}

/** Whether a builder has scheduled work although nothing changed (a snapshot that is due). */
export async function builderDue(
  knex: Knex,
  t: TableNames,
  builders: readonly ArtifactBuilder[],
  now: Date,
  families?: ArtifactFamilies,
): Promise<boolean> {
  const withDue = builders.filter((builder) => builder.due);
  if (withDue.length === 0) return false;
  const sequences = await readSequences(knex, t);
  const context = createBuildContext(
    knex,
    t,
    { installedSeq: sequences.artifacts, contentSeq: sequences.content },
    { now, workDir: '', ...(families ? { families } : {}) },
  );
  for (const builder of withDue) if (await builder.due!(context)) return true;
  return false;
}
