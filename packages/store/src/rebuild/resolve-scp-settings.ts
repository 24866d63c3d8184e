import { hasZstd, type AgentSiteOptions } from '@agent-ready/core';
import type { ScpCollectionHost } from './scp-object-storage';
import { DEFAULT_SITEMAP_SHARD_ITEMS } from '../sitemap/sitemap-settings';

const PERIOD_MS = { hourly: 3_600_000, daily: 86_400_000 } as const;

const DEFAULT_SNAPSHOT_AFTER_CHANGES = 1_000;
const DEFAULT_SNAPSHOT_INTERVAL_MS = 86_400_000;
const DEFAULT_DELTA_PART_PAGES = 1_000;

/** The site's `scp` options as given (undefined or `{}` when left out). */
type ScpOptions = Exclude<AgentSiteOptions['scp'], false | undefined>;

/** Where the SCP builder's collections and sitemaps go, and when they are rebuilt. */
export interface ScpSettings {
  /** The site's `scp` options; undefined when SCP is turned off (the builder builds nothing). */
  scp: ScpOptions | undefined;
  /** Whether collections are stored in zstd too, besides gzip. */
  zstd: boolean;
  /** Sealed collections uploaded there and advertised at its URLs (object storage). */
  host: ScpCollectionHost | undefined;
  origin: string;
  /** The folder of every SCP artifact, without its trailing `/`. */
  basePath: string;
  granularity: keyof typeof PERIOD_MS;
  /** The length of one delta period, in ms. */
  period: number;
  /** How many delta periods sitemap.xml lists. */
  retention: number;
  afterChanges: number;
  intervalMs: number;
  /** Page sitemaps follow the JSON sitemap's shards: part n lists the pages of shard n. */
  itemsPerPart: number;
  partPages: number;
  settingsKey: string;
  sitemapName: string;
}

/** The SCP settings a site's options and hosting make, with every default filled in. */
export function resolveScpSettings(
  options: AgentSiteOptions,
  hosting: { zstd?: boolean; collections?: ScpCollectionHost },
): ScpSettings {
  const zstd = hosting.zstd ?? hasZstd();
  const host = hosting.collections;
  const settings = options.scp === false ? undefined : (options.scp ?? {});
  const origin = options.site.origin;
  const basePath = (settings?.basePath ?? '/scp').replace(/\/$/, '');
  const granularity = settings?.deltaPeriod ?? 'daily';
  const itemsPerPart = options.sitemap?.maxItemsPerShard ?? DEFAULT_SITEMAP_SHARD_ITEMS;
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
  return {
    scp: settings,
    zstd,
    host,
    origin,
    basePath,
    granularity,
    period: PERIOD_MS[granularity],
    retention: settings?.deltaRetention ?? 7,
    afterChanges: settings?.snapshotAfterChanges ?? DEFAULT_SNAPSHOT_AFTER_CHANGES,
    intervalMs: settings?.snapshotIntervalMs ?? DEFAULT_SNAPSHOT_INTERVAL_MS,
    itemsPerPart,
    partPages: settings?.deltaPartPages ?? DEFAULT_DELTA_PART_PAGES,
    settingsKey,
    sitemapName: `${basePath}/sitemap.xml`,
  };
}
