import type { Knex } from 'knex';
import { canonicalizeJson } from '@agent-ready/core/json';
import {
  artifactContentType,
  serializeArtifactDescriptor,
  type ArtifactFamilies,
} from '@agent-ready/core/serve';
import type { InstallableArtifact } from '../artifacts/artifact-input';
import { ARTIFACT_ROW_COLUMNS } from '../artifacts/read-artifact-rows';
import type { TableNames } from '../schema/table-names';

const NUMERIC = new Set<string>(['generation', 'last_modified_ms', 'size']);

type ArtifactRow = Record<(typeof ARTIFACT_ROW_COLUMNS)[number], string | number | null>;

function rowOf(artifact: InstallableArtifact, families: ArtifactFamilies): ArtifactRow {
  return {
    name: artifact.name,
    family: artifact.descriptor.family,
    generation: artifact.generation,
    // Core's, by descriptor (what serving sends); kept for readers of earlier versions.
    content_type: artifactContentType(artifact.descriptor, undefined, families),
    content_encoding: artifact.contentEncoding ?? null,
    etag: artifact.etag,
    content_digest: artifact.contentDigest,
    last_modified_ms: artifact.lastModified.getTime(),
    size: artifact.size,
    meta: serializeArtifactDescriptor(artifact.descriptor),
  };
}

/**
 * A column's value as compared: drivers give big integers as strings or numbers, and a
 * descriptor kept as installed may have been serialized with its members in another order.
 */
function comparable(column: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.has(column)) return String(Number(value));
  return column === 'meta' ? canonicalizeJson(JSON.parse(String(value))) : String(value);
}

function sameRow(stored: Record<string, unknown>, row: ArtifactRow): boolean {
  return ARTIFACT_ROW_COLUMNS.every(
    (column) => comparable(column, stored[column]) === comparable(column, row[column]),
  );
}

/** The rows an install wrote (see installArtifactRows). */
export interface InstalledRows {
  written: string[];
  setChanged: boolean;
}

/**
 * Inside an install's transaction: makes the artifact rows those of `artifacts`, writing only
 * what differs (a row whose artifact changed, a new one, one no longer built), so a burst that
 * changed one file writes one row whatever the number of files. Rows of `keepFamilies` (their
 * build failed this pass) stay as they are. Returns the rows written: the names of those it
 * inserted, updated or deleted (whose served bytes may have changed, for purges), and whether
 * the set of names changed (an insert or a delete).
 */
export async function installArtifactRows(
  trx: Knex.Transaction,
  t: TableNames,
  artifacts: readonly InstallableArtifact[],
  keepFamilies: readonly string[],
  families: ArtifactFamilies,
): Promise<InstalledRows> {
  const stored = new Map(
    ((await trx(t.artifacts).select(ARTIFACT_ROW_COLUMNS)) as Record<string, unknown>[]).map(
      (row) => [String(row.name), row],
    ),
  );
  const wanted = new Map(artifacts.map((artifact) => [artifact.name, rowOf(artifact, families)]));
  const written: string[] = [];
  let setChanged = false;
  const gone = [...stored.values()]
    .filter((row) => !wanted.has(String(row.name)) && !keepFamilies.includes(String(row.family)))
    .map((row) => String(row.name));
  for (let i = 0; i < gone.length; i += 500) {
    await trx(t.artifacts)
      .whereIn('name', gone.slice(i, i + 500))
      .delete();
  }
  written.push(...gone);
  if (gone.length > 0) setChanged = true;
  for (const [name, row] of wanted) {
    const current = stored.get(name);
    if (current === undefined) {
      await trx(t.artifacts).insert(row);
      setChanged = true;
    } else if (sameRow(current, row)) continue;
    else await trx(t.artifacts).where({ name }).update(row);
    written.push(name);
  }
  return { written, setChanged };
}
