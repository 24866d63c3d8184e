/**
 * The JSON the plugin's admin API answers (server/src/admin-api and controllers): kept here as
 * plain types because the admin bundle must not import server code.
 */

export interface ContentTypeMapping {
  url?: string;
  title?: string;
  body?: string | string[];
  description?: string;
  author?: string;
  published?: string | false;
  section?: string;
  /** Edited in config/plugins only; the form keeps them as they are. */
  llmindex?: Record<string, unknown>;
  usage?: { trainAi?: boolean; search?: boolean };
}

export interface PolicySettings {
  version?: number;
  effective: string;
  updated?: string;
  urls?: { termsOfService?: string; paymentInfo?: string; contact?: string };
  purposes?: { aiInput?: boolean; aiTrain?: boolean; searchIndexing?: boolean };
  requirements?: { attribution?: boolean; linkBack?: boolean; notice?: boolean };
  rateHints?: {
    maxRequestsPerSecond?: number | null;
    maxRequestsPerDay?: number | null;
    note?: string;
  };
}

export interface RuntimeSettings {
  site: { name?: string; summary?: string; details?: string };
  contentTypes: Record<string, ContentTypeMapping | true>;
  locales: string[] | null;
  policy: PolicySettings | false;
}

export interface SettingsStatus {
  source: 'file' | 'admin';
  updatedAt?: string;
  updatedBy?: string;
  ignored?: string;
}

export interface AttributeChoice {
  name: string;
  type: string;
}

export interface ContentTypeChoice {
  uid: string;
  displayName: string;
  kind: 'collectionType' | 'singleType';
  localized: boolean;
  choices: { text: AttributeChoice[]; body: AttributeChoice[]; date: AttributeChoice[] };
  resolved?: {
    url: string;
    title: string;
    body: string[];
    description?: string;
    author?: string;
    published?: string;
    section: string;
  };
}

export interface SettingsDescription {
  settings: RuntimeSettings;
  fileSettings: RuntimeSettings;
  status: SettingsStatus;
  /** While not configured: what is missing, and whether this page can supply it. */
  missing?: MissingSetting[];
  readOnly: {
    origin?: string;
    language?: string;
    overviewPath?: string;
    mUrlSuffix: string;
    tablePrefix: string;
    database: string;
    artifacts: { llmsTxt: boolean; llmindex: boolean; scp: boolean; robotsTxt: boolean };
  };
  contentTypes: ContentTypeChoice[];
  locales: { code: string; name?: string }[];
}

export interface ReconcileSummary {
  seen: number;
  changed: number;
  removed: number;
  failed: number;
}

export interface RebuildJob {
  id: number;
  state: 'running' | 'done' | 'failed';
  phase: 'reconciling' | 'artifacts' | 'finished';
  startedAt: string;
  finishedAt?: string;
  total?: number;
  progress: ReconcileSummary;
  artifacts?: 'rebuilt' | 'fresh' | 'busy' | 'superseded';
  /** English; the pages say it from the fields above. */
  message?: string;
  /** Why a failed job failed, when an error stopped it. */
  error?: string;
}

export type CheckStatus = 'pass' | 'fail' | 'warn' | 'not-tested';

export interface CheckResult {
  id: string;
  title: string;
  protocol: 'tct' | 'scp' | 'llmindex' | 'llmstxt';
  status: CheckStatus;
  rule: string;
  evidence: {
    request?: { method: string; url: string };
    response?: { status: number };
    detail: string;
  };
}

export interface SiteCheck {
  target: 'public' | 'server';
  report: {
    origin: string;
    startedAt: string;
    durationMs: number;
    ok: boolean;
    summary: { total: number; pass: number; fail: number; warn: number; notTested: number };
    checks: CheckResult[];
    budgetSpent?: string;
  };
}

/** Counters of /llm-stats.json (core's AgentStats), over a day, an agent family or everything. */
export interface TrafficSummary {
  requests: number;
  ok: number;
  notModified: number;
  gone: number;
  bytesSent: number;
  htmlBytes: number;
  htmlBytesEstimated: number;
  bytesSaved: number;
  notModifiedRate: number;
}

export interface AgentTraffic {
  generated: string;
  days: number;
  totals: TrafficSummary;
  daily: (TrafficSummary & { day: string })[];
  agents: (TrafficSummary & { family: string })[];
  endpoints: (TrafficSummary & { kind: string })[];
  note: string;
}

/** A required setting the plugin waits for while it is not configured. */
export interface MissingSetting {
  key: 'site.origin' | 'site.name' | 'contentTypes';
  /** True when the settings page can supply it; false: config/plugins and a restart. */
  settableInAdmin: boolean;
}

export type PluginState =
  'registered' | 'starting' | 'ready' | 'not-configured' | 'failed' | 'stopped';

export interface Overview {
  state: PluginState;
  /** Absent only while not configured without a public origin. */
  origin?: string;
  /** While not configured: what to set. */
  missing?: MissingSetting[];
  contentTypes: {
    uid: string;
    displayName: string;
    kind: 'collectionType' | 'singleType';
    localized: boolean;
    locales: { locale: string; published: number; served: number }[];
  }[];
  endpoints: {
    id: 'sitemap' | 'm-url' | 'llms-txt' | 'llmindex' | 'scp-sitemap' | 'policy';
    /** English; the pages name endpoints by `id`. */
    label: string;
    enabled: boolean;
    path?: string;
    url?: string;
    /** English; the pages say it from `reason`. */
    note?: string;
    reason?: 'no-document' | 'not-built' | 'off-in-config' | 'off-in-settings';
  }[];
  regeneration: {
    artifacts?: { contentSeq: number; artifactsSeq: number; upToDate: boolean };
    lastRebuild?: {
      at: string;
      changeSeq: number;
      /** Changes since the artifacts it replaced. */
      changes: number;
      artifacts: number;
      /** Artifacts whose bytes changed, by family; the others kept their stored bytes. */
      rewritten: Record<string, number>;
      bytesWritten: number;
      /** Document rows the builders read: like the bytes, what the burst changed, not the site. */
      rowsRead: number;
      /** JSON sitemap shards whose hash the burst moved. */
      sitemapShards: number;
      durationMs: number;
      failures: { family: string; message: string }[];
    };
    /** Work done on a schedule (SCP snapshots, per section), soonest first. */
    scheduled?: {
      family: string;
      /** The SCP section. */
      subject: string;
      changesSince: number;
      /** 1: the next change to the section rebuilds it. */
      changesLeft: number;
      /** From then on, the next change rebuilds it. */
      dueAt?: string;
    }[];
    lastReconcile?: ReconcileSummary & { reason: string; finishedAt: string; ms: number };
    pending: number;
    reconciling: boolean;
  };
  problems: { at: string; level: 'warn' | 'error'; message: string }[];
  rebuild?: RebuildJob;
  lastCheck?: SiteCheck;
  settings: SettingsStatus;
  /** Agent traffic of the last 30 days; absent while `metrics` is off. */
  traffic?: AgentTraffic;
}
