import {
  buildScpSitemap,
  normalizeUri,
  SCP_FAMILY,
  validatorsOfBytes,
  type AgentSiteOptions,
  type ArtifactDescriptor,
  type ScpSitemapBuild,
  type ScpSitemapDeltaInput,
  type ScpSitemapCollectionInput,
  type ScpSitemapUrlInput,
} from '@agent-ready/core';
import type {
  ArtifactBuildContext,
  ArtifactBuildResult,
  ArtifactBuilder,
  ScheduledBuild,
} from './artifact-builder';
import type { ArtifactInput } from '../artifacts/artifact-input';
import { listScpSitemapUrls } from './build-scp-page-sitemaps';
import { buildScpSection, snapshotStale, type ScpSectionsOutput } from './build-scp-sections';
import { needsParts } from './id-range-parts';
import { publishSealedCollections } from './publish-sealed-collections';
import { resolveScpSettings, type ScpSettings } from './resolve-scp-settings';
import type { ScpCollectionHost } from './scp-object-storage';
import { zstdVariantName } from './write-scp-collection';

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
  const scp = resolveScpSettings(options, hosting);
  return {
    family: SCP_FAMILY,
    settingsKey: scp.settingsKey,
    due: (context) => scpBuildDue(context, scp),
    schedule: (context) => scheduleScpSnapshots(context, scp),
    build: (context) => buildScpArtifacts(context, scp),
  };
}

/** The collections' state the installed sitemap.xml keeps, when it was built under these settings. */
async function previousScpState(
  context: ArtifactBuildContext,
  scp: ScpSettings,
): Promise<ScpSitemapBuild | undefined> {
  return context.installedSeq > 0
    ? readScpState(await context.installedDescriptor(scp.sitemapName), scp.settingsKey)
    : undefined;
}

/** Whether a section needs a build although the table did not change since the last one. */
async function scpBuildDue(context: ArtifactBuildContext, scp: ScpSettings): Promise<boolean> {
  if (!scp.scp) return false;
  const previous = await previousScpState(context, scp);
  if (!previous) return false;
  for (const [section, state] of Object.entries(previous.sections)) {
    const lastChange = await context.lastCommitMs({ section });
    if (snapshotStale(state.snapshot, lastChange, context.now.getTime(), scp.intervalMs))
      return true;
    // Installed artifacts current, the section's not: its last build failed (an upload).
    if (lastChange > state.commitMs) return true;
  }
  return false;
}

/** When each section's snapshot comes due, by changes or by age (for the admin page). */
async function scheduleScpSnapshots(
  context: ArtifactBuildContext,
  scp: ScpSettings,
): Promise<ScheduledBuild[]> {
  const previous = scp.scp ? await previousScpState(context, scp) : undefined;
  const scheduled: ScheduledBuild[] = [];
  for (const [section, { snapshot }] of Object.entries(previous?.sections ?? {})) {
    const changesSince = await context.countCommittedAfter({
      section,
      afterMs: snapshot.commitMs,
    });
    // A small snapshot is rebuilt at every burst that touches its section (see buildScpSection).
    const small = snapshot.pages <= scp.afterChanges;
    scheduled.push({
      family: SCP_FAMILY,
      subject: section,
      changesSince,
      changesLeft: small ? 1 : Math.max(1, scp.afterChanges - changesSince),
      ...(small ? {} : { dueAt: new Date(snapshot.builtAtMs + scp.intervalMs) }),
    });
  }
  return scheduled;
}

/**
 * Every section's collections (those the burst touched rebuilt, the rest kept), the page
 * sitemaps of a big site, and the sitemap.xml that lists them, first.
 */
async function buildScpArtifacts(
  context: ArtifactBuildContext,
  scp: ScpSettings,
): Promise<ArtifactInput[] | ArtifactBuildResult> {
  if (!scp.scp) return [];
  const previous = await previousScpState(context, scp);
  const changed = new Set(
    previous ? await context.changedSections(context.installedSeq) : await context.sections(),
  );
  const names = [...new Set([...Object.keys(previous?.sections ?? {}), ...changed])].sort();
  const output: ScpSectionsOutput = { artifacts: [], keep: [], written: new Map() };
  const pageParts = await needsParts(context, scp.itemsPerPart);
  const state: ScpSitemapBuild = {
    settingsKey: scp.settingsKey,
    sections: {},
    ...(pageParts ? { pageParts } : {}),
  };
  for (const section of names) {
    const built = await buildScpSection(context, scp, output, section, previous?.sections[section]);
    if (built) state.sections[section] = built;
  }
  const pages = await listScpSitemapUrls(
    context,
    scp,
    pageParts ? { incremental: previous?.pageParts === true } : undefined,
  );
  const artifacts = [...output.artifacts, ...pages.artifacts];
  const keep = [...output.keep, ...pages.keep];
  // Sealed collections at their object storage URLs, the rest at the origin's paths.
  const advertised = scp.host
    ? await publishSealedCollections(
        context,
        scp.host,
        { state, previous, partPages: scp.partPages },
        output.written,
        zstdVariantName,
      )
    : new Map<string, string>();
  artifacts.unshift(await scpSitemapArtifact(context, scp, state, advertised, pages.urls));
  return { artifacts, keep };
}

/**
 * The sitemap.xml: each section's snapshot and delta parts at the URLs they are advertised at,
 * beside the `<url>` entries; its descriptor keeps the collections' state for the next build.
 */
async function scpSitemapArtifact(
  context: ArtifactBuildContext,
  scp: ScpSettings,
  state: ScpSitemapBuild,
  advertised: ReadonlyMap<string, string>,
  urls: ScpSitemapUrlInput[],
): Promise<ArtifactInput> {
  const urlOf = (path: string) => advertised.get(path) ?? normalizeUri(`${scp.origin}${path}`);
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
      expires: expires(d.generated, scp.period * scp.retention),
      pages: d.pages,
      size: d.size,
    })),
  );
  const xml = Buffer.from(
    buildScpSitemap({
      compression: scp.zstd ? ['zstd', 'gzip'] : ['gzip'],
      sections: sections.map(([name, s]) => ({
        name,
        updateFreq: scp.granularity,
        pages: s.snapshot.pages,
      })),
      collections,
      deltas: deltaEntries,
      urls,
    }),
    'utf8',
  );
  const xmlValidators = validatorsOfBytes(xml);
  return {
    name: scp.sitemapName,
    descriptor: {
      family: SCP_FAMILY,
      kind: 'sitemap',
      url: normalizeUri(`${scp.origin}${scp.sitemapName}`),
      build: state,
    },
    etag: xmlValidators.etag,
    contentDigest: xmlValidators.contentDigest,
    lastModified: new Date(await context.lastChangeMs()),
    body: xml,
  };
}
