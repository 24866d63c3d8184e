import type { ScpByteSource } from './decompress-scp-stream';
import {
  parseScpCollection,
  type ScpParseOptions,
  type ScpParseReport,
} from './parse-scp-collection';
import { ScpError } from './scp-errors';
import type { ScpCollectionMetadata, ScpPage } from './scp-types';

export interface ScpInspection {
  /** True only when the whole collection was read without a fatal error. */
  valid: boolean;
  /** The fatal error, as `AgentReadyError.toJSON()` gives it. */
  error?: Record<string, unknown>;
  report: ScpParseReport;
}

/**
 * Reads a whole collection without keeping its pages and says whether it is valid. Only
 * `ScpError`s count as "invalid"; anything else is a bug and is rethrown.
 */
export async function inspectScpCollection(
  source: ScpByteSource,
  options: ScpParseOptions = {},
): Promise<ScpInspection> {
  const parser = parseScpCollection(source, options);
  try {
    for await (const item of parser) void item;
    return { valid: true, report: parser.report };
  } catch (error) {
    if (!(error instanceof ScpError)) throw error;
    return { valid: false, error: error.toJSON(), report: parser.report };
  }
}

export interface ScpCollectionContents {
  metadata: ScpCollectionMetadata;
  pages: ScpPage[];
  report: ScpParseReport;
}

/**
 * Reads a whole collection into memory (for small ones: tests, deltas) and returns it only
 * when it is entirely valid, checksum included; throws the fatal `ScpError` otherwise.
 */
export async function readScpCollection(
  source: ScpByteSource,
  options: ScpParseOptions = {},
): Promise<ScpCollectionContents> {
  const parser = parseScpCollection(source, options);
  const pages: ScpPage[] = [];
  let metadata: ScpCollectionMetadata | undefined;
  for await (const item of parser) {
    if (item.kind === 'metadata') metadata = item.metadata;
    else pages.push(item.page);
  }
  return { metadata: metadata!, pages, report: parser.report };
}
