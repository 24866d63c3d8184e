import { join } from 'node:path';
import {
  normalizeUri,
  SCP_FAMILY,
  scpEtag,
  writeScpCollectionVariants,
  type ScpPage,
} from '@agent-ready/core';
import type { ArtifactBuildContext } from './artifact-builder';
import type { ArtifactInput } from '../artifacts/artifact-input';
import type { WrittenScpCollection } from './publish-sealed-collections';

/** The name a collection's zstd bytes are stored under (a request path can never carry `?`). */
export function zstdVariantName(path: string): string {
  return `${path}?encoding=zstd`;
}

/** A collection as written to the work folder: its codings' files and the artifacts serving them. */
export interface WrittenCollection extends WrittenScpCollection {
  path: string;
  pages: number;
  artifacts: ArtifactInput[];
}

/**
 * One SCP collection (a section's snapshot or one delta part) from the rows `rowFilter` selects,
 * in gzip and, where this process has it, zstd: the files and the artifacts that serve them.
 */
export async function writeCollection(
  context: ArtifactBuildContext,
  zstd: boolean,
  path: string,
  origin: string,
  metadata: {
    id: string;
    section: string;
    type: 'snapshot' | 'delta';
    generated: string;
    since?: string;
  },
  rowFilter: { section: string; committedAfterMs?: number; committedUpToMs?: number },
): Promise<WrittenCollection> {
  // One read of the rows for both codings: the pages spill to the work folder once.
  async function* pages(): AsyncGenerator<ScpPage> {
    for await (const row of context.rows(['scp_line'], rowFilter))
      yield JSON.parse(String(row.scp_line)) as ScpPage;
  }
  const fileOf = (compression: 'gzip' | 'zstd') =>
    join(context.workDir, `${metadata.id}.scp.${compression === 'gzip' ? 'gz' : 'zst'}`);
  const result = await writeScpCollectionVariants(
    { metadata, pages: pages() },
    {
      variants: [
        { compression: 'gzip', output: fileOf('gzip') },
        ...(zstd ? [{ compression: 'zstd' as const, output: fileOf('zstd') }] : []),
      ],
      tempDirectory: context.workDir,
    },
  );
  const [gzip, zstdBytes] = result.variants.map((variant) => ({
    file: fileOf(variant.compression as 'gzip' | 'zstd'),
    size: variant.compressedBytes,
    contentDigest: variant.contentDigest,
  }));
  const checksum = result.metadata.checksum!;
  const lastModified = new Date(Date.parse(metadata.generated));
  const common = { lastModified };
  const collection = {
    family: SCP_FAMILY,
    kind: 'collection',
    url: normalizeUri(`${origin}${path}`),
    checksum,
    pages: result.pages,
  } as const;
  const artifacts: ArtifactInput[] = [
    {
      ...common,
      name: path,
      descriptor: {
        ...collection,
        ...(zstd ? { variants: { zstd: zstdVariantName(path) } } : {}),
        identity: result.identity,
      },
      etag: scpEtag(checksum, 'gzip'),
      contentEncoding: 'gzip',
      contentDigest: gzip!.contentDigest,
      body: { file: gzip!.file, size: gzip!.size },
    },
  ];
  if (zstd)
    artifacts.push({
      ...common,
      name: zstdVariantName(path),
      descriptor: { ...collection, variantOf: path },
      etag: scpEtag(checksum, 'zstd'),
      contentEncoding: 'zstd',
      contentDigest: zstdBytes!.contentDigest,
      body: { file: zstdBytes!.file, size: zstdBytes!.size },
    });
  return {
    path,
    pages: result.pages,
    checksum,
    gzip: { file: gzip!.file, size: gzip!.size },
    ...(zstdBytes ? { zstd: { file: zstdBytes.file, size: zstdBytes.size } } : {}),
    artifacts,
  };
}
