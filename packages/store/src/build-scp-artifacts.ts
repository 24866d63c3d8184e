import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import {
  buildScpSitemap,
  contentDigestOf,
  formatScpTimestamp,
  formatScpDeltaPeriod,
  normalizeUri,
  SCP_LIVE_CACHE_CONTROL,
  SCP_MEDIA_TYPE,
  scpEtag,
  sha256Hex,
  writeScpCollection,
  type AgentSiteOptions,
  type ScpPage,
  type ScpSitemapDeltaInput,
  type ScpSitemapCollectionInput,
  type ScpSitemapUrlInput,
} from '@agent-ready/core';
import type { ArtifactBuildContext, ArtifactBuilder } from './artifact-builder';
import type { ArtifactInput } from './artifact-rows';
import { REVALIDATE_HEADERS } from './artifact-resources';

export const SCP_FAMILY = 'scp';
/** sitemaps.org caps a sitemap at 50,000 URLs; the JSON sitemap lists everything. */
const MAX_SITEMAP_URLS = 50_000;
const PERIOD_MS = { hourly: 3_600_000, daily: 86_400_000 } as const;

/** The name a collection's zstd bytes are stored under (a request path can never carry `?`). */
export function zstdVariantName(path: string): string {
  return `${path}?encoding=zstd`;
}

/** RFC 9530 digest of a file, read in pieces. */
async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `sha-256=:${hash.digest('base64')}:`;
}

/** Size and RFC 9530 digest of a gzip file's uncompressed bytes, for clients that accept no coding. */
async function identityOfGzip(file: string): Promise<{ size: number; contentDigest: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file).pipe(createGunzip())) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, contentDigest: `sha-256=:${hash.digest('base64')}:` };
}

interface WrittenCollection {
  path: string;
  section: string;
  pages: number;
  generated: string;
  since?: string;
  period?: string;
  gzip: { file: string; size: number };
  artifacts: ArtifactInput[];
}

async function writeCollection(
  context: ArtifactBuildContext,
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
  const files: Partial<Record<'gzip' | 'zstd', { file: string; size: number }>> = {};
  let result;
  for (const compression of ['gzip', 'zstd'] as const) {
    const file = join(
      context.workDir,
      `${metadata.id}.scp.${compression === 'gzip' ? 'gz' : 'zst'}`,
    );
    async function* pages(): AsyncGenerator<ScpPage> {
      for await (const row of context.rows(['scp_line'], rowFilter))
        yield JSON.parse(String(row.scp_line)) as ScpPage;
    }
    result = await writeScpCollection(
      { metadata, pages: pages() },
      { compression, output: file, tempDirectory: context.workDir },
    );
    files[compression] = { file, size: (await stat(file)).size };
  }
  const checksum = result!.metadata.checksum!;
  const lastModified = new Date(Date.parse(metadata.generated));
  // Every burst rewrites the section's snapshot and current delta under the same names.
  const headers = {
    'cache-control': SCP_LIVE_CACHE_CONTROL,
    vary: 'Accept-Encoding',
  };
  const common = { family: SCP_FAMILY, contentType: SCP_MEDIA_TYPE, lastModified };
  const url = normalizeUri(`${origin}${path}`);
  const artifacts: ArtifactInput[] = [
    {
      ...common,
      name: path,
      etag: scpEtag(checksum, 'gzip'),
      contentEncoding: 'gzip',
      contentDigest: await fileDigest(files.gzip!.file),
      body: files.gzip!,
      meta: {
        headers,
        ranges: true,
        url,
        pages: result!.pages,
        checksum,
        variants: { zstd: zstdVariantName(path) },
        identity: await identityOfGzip(files.gzip!.file),
      },
    },
    {
      ...common,
      name: zstdVariantName(path),
      etag: scpEtag(checksum, 'zstd'),
      contentEncoding: 'zstd',
      contentDigest: await fileDigest(files.zstd!.file),
      body: files.zstd!,
      meta: { headers, ranges: true, url, pages: result!.pages, checksum, variantOf: path },
    },
  ];
  return {
    path,
    section: metadata.section,
    pages: result!.pages,
    generated: metadata.generated,
    ...(metadata.since ? { since: metadata.since } : {}),
    gzip: files.gzip!,
    artifacts,
  };
}

/**
 * SCP collections per section (a snapshot and a delta per recent period, both gzip and zstd)
 * and the sitemap.xml that lists them beside ordinary `<url>` entries. Periods hold the changes
 * that committed in them; `generated` is the section's last commit (snapshots) or the period's
 * end/last commit (deltas), never the build time, so equal content gives equal bytes, checksums
 * and ETags on every instance.
 */
export function scpArtifactBuilder(options: AgentSiteOptions): ArtifactBuilder {
  const settings = options.scp === false ? undefined : (options.scp ?? {});
  const origin = options.site.origin;
  const basePath = (settings?.basePath ?? '/scp').replace(/\/$/, '');
  const granularity = settings?.deltaPeriod ?? 'daily';
  const retention = settings?.deltaRetention ?? 7;
  return {
    family: SCP_FAMILY,
    settingsKey: JSON.stringify(['scp', 1, origin, settings]),
    async build(context) {
      if (!settings) return [];
      const period = PERIOD_MS[granularity];
      const snapshots: WrittenCollection[] = [];
      const deltas: (WrittenCollection & { period: string; since: string })[] = [];
      const sectionCounts: { name: string; pages: number }[] = [];
      for (const section of await context.sections()) {
        // Commit order, not `modified`: a save that commits late still lands in a delta that is
        // newer than any a client has applied.
        const lastChange = await context.lastCommitMs({ section });
        const generated = formatScpTimestamp(new Date(lastChange));
        const snapshot = await writeCollection(
          context,
          `${basePath}/${section}-snapshot.scp`,
          origin,
          { id: `${section}-snapshot`, section, type: 'snapshot', generated },
          { section },
        );
        snapshots.push(snapshot);
        sectionCounts.push({ name: section, pages: snapshot.pages });
        // Deltas for the current period (up to the last change) and the `retention - 1` before it.
        const currentStart = Math.floor(lastChange / period) * period;
        for (let back = 0; back < retention; back++) {
          const start = currentStart - back * period;
          const end = back === 0 ? lastChange : start + period;
          const name = formatScpDeltaPeriod(new Date(start), granularity);
          const since = formatScpTimestamp(new Date(start));
          const delta = await writeCollection(
            context,
            `${basePath}/${section}-delta-${name}.scp`,
            origin,
            {
              id: `${section}-delta-${name}`,
              section,
              type: 'delta',
              generated: formatScpTimestamp(new Date(end)),
              since,
            },
            { section, committedAfterMs: start, committedUpToMs: end },
          );
          if (delta.pages > 0) deltas.push({ ...delta, period: name, since });
        }
      }
      const urls: ScpSitemapUrlInput[] = [];
      for await (const row of context.rows(['c_url', 'modified'])) {
        if (urls.length >= MAX_SITEMAP_URLS) break;
        urls.push({ loc: String(row.c_url), lastmod: new Date(Date.parse(String(row.modified))) });
      }
      const expires = (generated: string, ms: number) => new Date(Date.parse(generated) + ms);
      const collections: ScpSitemapCollectionInput[] = snapshots.map((s) => ({
        section: s.section,
        url: normalizeUri(`${origin}${s.path}`),
        generated: s.generated,
        expires: expires(s.generated, 86_400_000),
        pages: s.pages,
        size: s.gzip.size,
      }));
      const deltaEntries: ScpSitemapDeltaInput[] = deltas.map((d) => ({
        section: d.section,
        period: d.period,
        url: normalizeUri(`${origin}${d.path}`),
        generated: d.generated,
        since: d.since,
        expires: expires(d.generated, period * retention),
        pages: d.pages,
        size: d.gzip.size,
      }));
      const xml = Buffer.from(
        buildScpSitemap({
          compression: ['zstd', 'gzip'],
          sections: sectionCounts.map((s) => ({
            name: s.name,
            updateFreq: granularity,
            pages: s.pages,
          })),
          collections,
          deltas: deltaEntries,
          urls,
        }),
        'utf8',
      );
      const sitemap: ArtifactInput = {
        name: `${basePath}/sitemap.xml`,
        family: SCP_FAMILY,
        contentType: 'application/xml; charset=utf-8',
        etag: `"sha256-${sha256Hex(xml)}"`,
        contentDigest: contentDigestOf(xml),
        lastModified: new Date(await context.lastChangeMs()),
        body: xml,
        meta: {
          headers: REVALIDATE_HEADERS,
          url: normalizeUri(`${origin}${basePath}/sitemap.xml`),
          scpSitemap: true,
        },
      };
      return [
        sitemap,
        ...snapshots.flatMap((s) => s.artifacts),
        ...deltas.flatMap((d) => d.artifacts),
      ];
    },
  };
}
