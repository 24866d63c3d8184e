import { join } from 'node:path';
import {
  buildPageSitemap,
  buildScpSitemap,
  buildSitemapIndexXml,
  formatScpTimestamp,
  formatScpDeltaPeriod,
  hasZstd,
  normalizeUri,
  SCP_FAMILY,
  scpEtag,
  writeScpCollectionVariants,
  validatorsOfBytes,
  type AgentSiteOptions,
  type ArtifactDescriptor,
  type ScpDeltaBuild,
  type ScpSitemapBuild,
  type ScpSnapshotBuild,
  type ScpPage,
  type ScpSitemapDeltaInput,
  type ScpSitemapCollectionInput,
  type ScpSitemapUrlInput,
} from '@agent-ready/core';
import type { ArtifactBuildContext, ArtifactBuilder, ScheduledBuild } from './artifact-builder';
import { textArtifact, type ArtifactInput } from '../artifacts/artifact-input';
import { needsParts, partIdRange, partsToBuild } from './id-range-parts';
import { planDeltaParts } from './plan-delta-parts';
import { publishSealedCollections, type WrittenScpCollection } from './publish-sealed-collections';
import type { ScpCollectionHost } from './scp-object-storage';
import { DEFAULT_SITEMAP_SHARD_ITEMS } from '../sitemap/sitemap-settings';

const PERIOD_MS = { hourly: 3_600_000, daily: 86_400_000 } as const;

/** The name a collection's zstd bytes are stored under (a request path can never carry `?`). */
export function zstdVariantName(path: string): string {
  return `${path}?encoding=zstd`;
}

interface WrittenCollection extends WrittenScpCollection {
  path: string;
  pages: number;
  artifacts: ArtifactInput[];
}

async function writeCollection(
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

/**
 * What the collections are (each section's snapshot and delta parts as built), kept with the
 * sitemap.xml between builds; the state of other settings does not count.
 */
function readScpState(
  descriptor: ArtifactDescriptor | undefined,
  settingsKey: string,
): ScpSitemapBuild | undefined {
  if (descriptor?.family !== SCP_FAMILY || descriptor.kind !== 'sitemap') return undefined;
  return descriptor.build?.settingsKey === settingsKey ? descriptor.build : undefined;
}

const DEFAULT_SNAPSHOT_AFTER_CHANGES = 1_000;
const DEFAULT_SNAPSHOT_INTERVAL_MS = 86_400_000;
const DEFAULT_DELTA_PART_PAGES = 1_000;

/**
 * SCP collections per section (a snapshot, and delta parts for the recent periods, both gzip and
 * zstd) and the sitemap.xml that lists them beside ordinary `<url>` entries. Deltas hold the
 * changes in commit order; `generated` is the section's last commit (snapshots) or the part's
 * last commit (deltas), never the build time, so equal content gives equal bytes, checksums and
 * ETags on every instance.
 *
 * Incremental: a burst rewrites only the newest delta part of the sections it touched, a part
 * of at most about `deltaPartPages` pages (see planDeltaParts); every other collection is kept
 * as installed. A section's snapshot is rebuilt when the changes since it reach
 * `snapshotAfterChanges` or it is older than `snapshotIntervalMs` (with changes since), and
 * whenever it holds no more pages than `snapshotAfterChanges`: then a rebuild reads no more rows
 * than the threshold. So a burst costs the rows it changed (and at most the thresholds), whatever
 * the size of the site or the number of changes the day already had, and big snapshots are
 * rebuilt rarely. The exception is a page leaving a section (deleted, unpublished, made private,
 * moved to another URL or section): deltas cannot say so, so that section's snapshot is rebuilt
 * at once.
 */
export function scpArtifactBuilder(
  options: AgentSiteOptions,
  hosting: {
    /** Whether collections are stored in zstd too: where this process has zstd (`hasZstd`). */
    zstd?: boolean;
    /** Sealed collections uploaded there and advertised at its URLs (object storage). */
    collections?: ScpCollectionHost;
  } = {},
): ArtifactBuilder {
  const zstd = hosting.zstd ?? hasZstd();
  const host = hosting.collections;
  const settings = options.scp === false ? undefined : (options.scp ?? {});
  const origin = options.site.origin;
  const basePath = (settings?.basePath ?? '/scp').replace(/\/$/, '');
  const granularity = settings?.deltaPeriod ?? 'daily';
  const retention = settings?.deltaRetention ?? 7;
  const afterChanges = settings?.snapshotAfterChanges ?? DEFAULT_SNAPSHOT_AFTER_CHANGES;
  const intervalMs = settings?.snapshotIntervalMs ?? DEFAULT_SNAPSHOT_INTERVAL_MS;
  // Page sitemaps follow the JSON sitemap's shards: part n lists the pages of shard n.
  const itemsPerPart = options.sitemap?.maxItemsPerShard ?? DEFAULT_SITEMAP_SHARD_ITEMS;
  const partPages = settings?.deltaPartPages ?? DEFAULT_DELTA_PART_PAGES;
  // A process that gains or loses zstd rebuilds every collection in the codings it has.
  const settingsKey = JSON.stringify([
    'scp',
    4,
    origin,
    settings,
    itemsPerPart,
    ...(zstd ? [] : ['gzip-only']),
    ...(host ? [host.key] : []),
  ]);
  const sitemapName = `${basePath}/sitemap.xml`;
  const pagesIndexName = `${basePath}/sitemap-pages.xml`;
  const pagesPartName = (number: number) => `${basePath}/sitemap-pages-${number}.xml`;
  const urlOf = (name: string) => normalizeUri(`${origin}${name}`);

  /**
   * The pages of a site bigger than one part, in page sitemaps by row id under a sitemapindex:
   * a burst reads and rewrites only the parts holding what it changed, and the index.
   */
  async function buildPageSitemaps(context: ArtifactBuildContext, incremental: boolean) {
    const touched = await partsToBuild(context, itemsPerPart, incremental);
    const touchedSet = new Set(touched);
    const artifacts: ArtifactInput[] = [];
    const keep: string[] = [];
    const listed: { number: number; name: string; lastmodMs: number }[] = [];
    if (incremental) {
      for (const { name, descriptor } of await context.installedArtifacts(SCP_FAMILY)) {
        if (descriptor.family !== SCP_FAMILY || descriptor.kind !== 'page-sitemap') continue;
        const { part } = descriptor;
        if (touchedSet.has(part.number)) continue;
        keep.push(name);
        listed.push({ number: part.number, name, lastmodMs: part.lastmodMs });
      }
    }
    for (const number of touched) {
      const urls: ScpSitemapUrlInput[] = [];
      let lastmodMs = 0;
      const range = partIdRange(number, itemsPerPart);
      for await (const row of context.rows(['c_url', 'modified_ms'], range)) {
        const modifiedMs = Number(row.modified_ms);
        lastmodMs = Math.max(lastmodMs, modifiedMs);
        urls.push({ loc: String(row.c_url), lastmod: new Date(modifiedMs) });
      }
      if (urls.length === 0) continue;
      const name = pagesPartName(number);
      artifacts.push(
        textArtifact({
          name,
          descriptor: {
            family: SCP_FAMILY,
            kind: 'page-sitemap',
            url: urlOf(name),
            part: { number, lastmodMs },
          },
          lastModified: new Date(lastmodMs),
          body: buildPageSitemap(urls),
        }),
      );
      listed.push({ number, name, lastmodMs });
    }
    listed.sort((a, b) => a.number - b.number);
    artifacts.push(
      textArtifact({
        name: pagesIndexName,
        // robots.txt names it beside sitemap.xml: both are sitemaps.org XML.
        descriptor: { family: SCP_FAMILY, kind: 'page-sitemap-index', url: urlOf(pagesIndexName) },
        lastModified: new Date(Math.max(0, ...listed.map((part) => part.lastmodMs))),
        body: buildSitemapIndexXml(
          listed.map((part) => ({ loc: urlOf(part.name), lastmod: new Date(part.lastmodMs) })),
        ),
      }),
    );
    return { artifacts, keep };
  }
  const period = PERIOD_MS[granularity];

  const previousState = async (context: ArtifactBuildContext) =>
    context.installedSeq > 0
      ? readScpState(await context.installedDescriptor(sitemapName), settingsKey)
      : undefined;

  /** Whether a snapshot with changes since it is old enough to be rebuilt anyway. */
  const snapshotStale = (snapshot: ScpSnapshotBuild, lastChange: number, now: number) =>
    lastChange > snapshot.commitMs && now - snapshot.builtAtMs >= intervalMs;

  return {
    family: SCP_FAMILY,
    settingsKey,
    async due(context) {
      if (!settings) return false;
      const previous = await previousState(context);
      if (!previous) return false;
      for (const [section, state] of Object.entries(previous.sections)) {
        const lastChange = await context.lastCommitMs({ section });
        if (snapshotStale(state.snapshot, lastChange, context.now.getTime())) return true;
        // Installed artifacts current, the section's not: its last build failed (an upload).
        if (lastChange > state.commitMs) return true;
      }
      return false;
    },
    async schedule(context) {
      const previous = settings ? await previousState(context) : undefined;
      const scheduled: ScheduledBuild[] = [];
      for (const [section, { snapshot }] of Object.entries(previous?.sections ?? {})) {
        const changesSince = await context.countCommittedAfter({
          section,
          afterMs: snapshot.commitMs,
        });
        // A small snapshot is rebuilt at every burst that touches its section (see build).
        const small = snapshot.pages <= afterChanges;
        scheduled.push({
          family: SCP_FAMILY,
          subject: section,
          changesSince,
          changesLeft: small ? 1 : Math.max(1, afterChanges - changesSince),
          ...(small ? {} : { dueAt: new Date(snapshot.builtAtMs + intervalMs) }),
        });
      }
      return scheduled;
    },
    async build(context) {
      if (!settings) return [];
      const now = context.now.getTime();
      const previous = await previousState(context);
      const changed = new Set(
        previous ? await context.changedSections(context.installedSeq) : await context.sections(),
      );
      const names = [...new Set([...Object.keys(previous?.sections ?? {}), ...changed])].sort();
      const artifacts: ArtifactInput[] = [];
      const keep: string[] = [];
      const keepCollection = (path: string) =>
        keep.push(path, ...(zstd ? [zstdVariantName(path)] : []));
      const written = new Map<string, WrittenCollection>();
      const pageParts = await needsParts(context, itemsPerPart);
      const state: ScpSitemapBuild = {
        settingsKey,
        sections: {},
        ...(pageParts ? { pageParts } : {}),
      };
      for (const section of names) {
        const before = previous?.sections[section];
        // Commit order, not `modified`: a save that commits late still lands in a delta that is
        // newer than any a client has applied.
        const lastChange = await context.lastCommitMs({ section });
        let snapshot = before?.snapshot;
        // SCP deltas cannot say a page went (its spec learns deletions from snapshots): a
        // section a page left (deleted, unpublished, made private, moved to another URL) gets
        // its snapshot now, so agents drop it at once, not at the next scheduled snapshot.
        const rebuildSnapshot =
          snapshot === undefined ||
          (lastChange > snapshot.commitMs &&
            (snapshot.pages <= afterChanges ||
              snapshotStale(snapshot, lastChange, now) ||
              (await context.countCommittedAfter({ section, afterMs: snapshot.commitMs })) >=
                afterChanges ||
              (await context.countLeftAfter({ section, afterMs: snapshot.commitMs })) > 0));
        if (rebuildSnapshot) {
          const generated = formatScpTimestamp(new Date(lastChange));
          const snapshotWritten = await writeCollection(
            context,
            zstd,
            `${basePath}/${section}-snapshot.scp`,
            origin,
            { id: `${section}-snapshot`, section, type: 'snapshot', generated },
            { section },
          );
          // A section with no public page left is gone, deltas and all.
          if (snapshotWritten.pages === 0) continue;
          artifacts.push(...snapshotWritten.artifacts);
          written.set(snapshotWritten.path, snapshotWritten);
          snapshot = {
            path: snapshotWritten.path,
            generated,
            commitMs: lastChange,
            builtAtMs: now,
            pages: snapshotWritten.pages,
            size: snapshotWritten.gzip.size,
          };
        } else keepCollection(snapshot!.path);

        // Deltas: the parts of the current period and of the `retention - 1` before it.
        const plan = planDeltaParts(before?.deltas, lastChange, {
          period,
          retention,
          partPages,
          nameOf: (startMs) => formatScpDeltaPeriod(new Date(startMs), granularity),
        });
        const deltas: ScpDeltaBuild[] = [];
        for (const delta of plan.keep) {
          keepCollection(delta.path);
          deltas.push(delta);
        }
        for (const part of plan.build) {
          const id = `${section}-delta-${part.period}`;
          const since = formatScpTimestamp(new Date(part.afterMs));
          const generated = formatScpTimestamp(new Date(part.upToMs));
          const delta = await writeCollection(
            context,
            zstd,
            `${basePath}/${id}.scp`,
            origin,
            { id, section, type: 'delta', generated, since },
            { section, committedAfterMs: part.afterMs, committedUpToMs: part.upToMs },
          );
          if (delta.pages === 0) continue;
          artifacts.push(...delta.artifacts);
          written.set(delta.path, delta);
          deltas.push({
            ...part,
            path: delta.path,
            since,
            generated,
            pages: delta.pages,
            size: delta.gzip.size,
          });
        }
        deltas.sort((a, b) => a.afterMs - b.afterMs);
        state.sections[section] = { snapshot: snapshot!, deltas, commitMs: lastChange };
      }

      // A site that fits one part lists its pages here (at most that many rows); a bigger one
      // in page sitemaps, and here only its home page, so that this stays a valid urlset.
      const urls: ScpSitemapUrlInput[] = [];
      if (pageParts) {
        const pages = await buildPageSitemaps(context, previous?.pageParts === true);
        artifacts.push(...pages.artifacts);
        keep.push(...pages.keep);
        urls.push({ loc: `${origin}/`, lastmod: new Date(await context.lastChangeMs()) });
      } else {
        for await (const row of context.rows(['c_url', 'modified'])) {
          urls.push({
            loc: String(row.c_url),
            lastmod: new Date(Date.parse(String(row.modified))),
          });
        }
      }
      // Sealed collections at their object storage URLs, the rest at the origin's paths.
      const advertised = host
        ? await publishSealedCollections(
            context,
            host,
            { state, previous, partPages },
            written,
            zstdVariantName,
          )
        : new Map<string, string>();
      const urlOf = (path: string) => advertised.get(path) ?? normalizeUri(`${origin}${path}`);
      const expires = (generated: string, ms: number) => new Date(Date.parse(generated) + ms);
      const sections = Object.entries(state.sections);
      const collections: ScpSitemapCollectionInput[] = sections.map(([section, s]) => ({
        section,
        url: urlOf(s.snapshot.path),
        generated: s.snapshot.generated,
        expires: expires(s.snapshot.generated, 86_400_000),
        pages: s.snapshot.pages,
        size: s.snapshot.size,
      }));
      const deltaEntries: ScpSitemapDeltaInput[] = sections.flatMap(([section, s]) =>
        s.deltas.map((d) => ({
          section,
          period: d.period,
          url: urlOf(d.path),
          generated: d.generated,
          since: d.since,
          expires: expires(d.generated, period * retention),
          pages: d.pages,
          size: d.size,
        })),
      );
      const xml = Buffer.from(
        buildScpSitemap({
          compression: zstd ? ['zstd', 'gzip'] : ['gzip'],
          sections: sections.map(([name, s]) => ({
            name,
            updateFreq: granularity,
            pages: s.snapshot.pages,
          })),
          collections,
          deltas: deltaEntries,
          urls,
        }),
        'utf8',
      );
      const xmlValidators = validatorsOfBytes(xml);
      artifacts.unshift({
        name: sitemapName,
        descriptor: {
          family: SCP_FAMILY,
          kind: 'sitemap',
          url: normalizeUri(`${origin}${sitemapName}`),
          build: state,
        },
        etag: xmlValidators.etag,
        contentDigest: xmlValidators.contentDigest,
        lastModified: new Date(await context.lastChangeMs()),
        body: xml,
      });
      return { artifacts, keep };
    },
  };
}
