/**
 * The admin API's answers, defined once for both sides: the server builds these objects (the
 * admin-api modules, the runtime, the controller) and the admin pages read their JSON form
 * (`Json<…>`, admin/src/api/admin-api-types.ts). Types only: the admin imports them with
 * `import type`, which its build erases, so no server code reaches the admin bundle. They live
 * under server/src because the plugin build writes declarations only for server/src and
 * admin/src: the server's published types import them. Shapes owned by core, the store, the
 * client or the plugin's option schemas are imported from there, not repeated.
 */
import type { AgentStats } from '@agent-ready/core/metrics';
import type { CacheTagHeader } from '@agent-ready/core/serve';
import type {
  ArtifactsStatus,
  ChangeRelayStatus,
  PurgeStatus,
  PurgerType,
  RebuildReport,
  ScheduledBuild,
} from '@agent-ready/store';
import type { MissingSetting } from '../config/required-settings';
import type { Coverage, TypeCoverage } from '../text-coverage/measure-coverage';
import type { PlanFieldDescription } from '../extraction/describe-plan';
import type { RuntimeSettings } from '../settings/validate-runtime-settings';
import type { SettingsStatus } from '../settings/settings-status';
import type {
  LastReconcile,
  RebuildJobStatus,
  RecentProblem,
  ReconcileProgress,
  RuntimeState,
  SiteCheck,
} from '../runtime/runtime-status';

export type { Coverage, MissingSetting, PlanFieldDescription, RuntimeSettings, TypeCoverage };
export type { SettingsStatus } from '../settings/settings-status';
export type {
  CheckTarget,
  LastReconcile,
  RebuildJobStatus,
  RecentProblem,
  ReconcileProgress,
  ReconcileSummary,
  RuntimeState,
  SiteCheck,
  SiteCheckTarget,
} from '../runtime/runtime-status';

/**
 * Why an endpoint has a note, so the admin pages can say it in the editor's language (`note`
 * says it in English): nothing published yet, not built yet, off in config/plugins, off in the
 * settings page.
 */
export type EndpointReason = 'no-document' | 'not-built' | 'off-in-config' | 'off-in-settings';

export interface EndpointLink {
  /**
   * The family's name in core's registry (`json-sitemap`, `m-url`…), or `mcp`: the MCP
   * endpoint, which the adapters serve beside the families (list-endpoints.ts).
   */
  id: string;
  label: string;
  /** Off in the settings, or nothing to show yet. */
  enabled: boolean;
  /** Path on the public origin (and on this server). */
  path?: string;
  /** Absolute URL on the public origin, where agents ask. */
  url?: string;
  note?: string;
  reason?: EndpointReason;
  /** The config/plugins option that turns it on (core's registry names it), when one does. */
  option?: string;
}

export interface LocaleCounts {
  /** Locale code; '' for a content type that is not localized. */
  locale: string;
  /** Published entries in Strapi. */
  published: number;
  /** Documents agents get (published rows of the agent table). */
  served: number;
}

export interface ContentTypeOverview {
  uid: string;
  displayName: string;
  kind: 'collectionType' | 'singleType';
  localized: boolean;
  /**
   * Whether the type has pages (M-URLs) of its own; without, its entries are shown in the
   * pages that refer to them (FAQs, testimonials) and `served` stays 0.
   */
  pages: boolean;
  locales: LocaleCounts[];
  /** How much of its entries' text reaches agents (absent until measured). */
  coverage?: TypeCoverage;
}

/** `GET /overview`: everything the plugin page shows. */
export interface Overview {
  state: RuntimeState;
  /** The public origin; absent only while not configured without one. */
  origin?: string;
  /** While `not-configured`: what to set, and whether the settings page can set it. */
  missing?: MissingSetting[];
  contentTypes: ContentTypeOverview[];
  endpoints: EndpointLink[];
  regeneration: {
    artifacts?: ArtifactsStatus;
    /** The last artifact rebuild this instance installed. */
    lastRebuild?: RebuildReport;
    lastReconcile?: LastReconcile;
    /** Work done on a schedule (SCP snapshots, per section), soonest first. */
    scheduled?: (Omit<ScheduledBuild, 'dueAt'> & { dueAt?: string })[];
    pending: number;
    reconciling: boolean;
    /** While a reconcile runs: done, total, rate, time left. */
    reconcileProgress?: ReconcileProgress;
  };
  problems: RecentProblem[];
  rebuild?: RebuildJobStatus;
  lastCheck?: SiteCheck;
  settings: SettingsStatus;
  /** Agent traffic of the last 30 days (what /llm-stats.json serves); absent while metrics are off. */
  traffic?: AgentStats;
  /** The shared cache in front and its purges; absent without the `edge` option. */
  edge?: EdgeOverview;
  /** This instance's Redis change relay; absent without the `notify` option. */
  changeRelay?: ChangeRelayStatus;
}

/** The `edge` option in force and the purge outbox as the database has it (every instance's). */
export interface EdgeOverview {
  /** One of the store's `PURGER_KINDS`. */
  purger: PurgerType;
  /** Seconds shared caches may keep a purgeable agent response. */
  sharedMaxAge: number;
  tagHeader: CacheTagHeader;
  /** The store's purge status, its dates as the JSON answer carries them. */
  purges: Omit<PurgeStatus, 'lastSentAt' | 'lastError'> & {
    lastSentAt?: string;
    lastError?: { message: string; at: string; permanent: boolean };
  };
}

export interface AttributeChoice {
  name: string;
  type: string;
}

/** A content type the form can expose, with the attributes each mapping field accepts. */
export interface ContentTypeChoice {
  uid: string;
  displayName: string;
  kind: 'collectionType' | 'singleType';
  localized: boolean;
  choices: {
    text: AttributeChoice[];
    body: AttributeChoice[];
    date: AttributeChoice[];
    /** Single components: the SEO component choice. */
    component: AttributeChoice[];
  };
  /** What the mapping resolves to now (defaults filled in), when exposed. */
  resolved?: {
    /** The URL pattern, `function` (config/plugins, not editable here), or false: no pages. */
    url: string | false;
    /** The attributes tried for the title, in order (`seo.metaTitle`...). */
    title: string;
    /** The attributes extracted, in order. */
    body: string[];
    description?: string;
    author?: string;
    published?: string;
    /** The SEO component attribute, when one is used. */
    seo?: string;
    section: string;
    /** Every attribute the extraction meets: what it becomes, or why nothing. */
    fields: PlanFieldDescription[];
    coverage?: TypeCoverage;
  };
}

/** `GET`, `PUT` and `DELETE /settings`: what the settings form needs. */
export interface SettingsDescription {
  /** The editable settings in force (file + admin panel). */
  settings: Required<RuntimeSettings>;
  /**
   * While the settings set no summary: the site's own description llms.txt uses instead, and
   * where it is kept (`Global › seo.metaDescription`).
   */
  derivedSummary?: { text: string; from: string };
  /** The same keys as config/plugins alone sets them (what "reset" goes back to). */
  fileSettings: Required<RuntimeSettings>;
  status: SettingsStatus;
  /** While not configured: what is missing, and whether this page can supply it. */
  missing?: MissingSetting[];
  /** Settings that need a restart (config/plugins), shown read-only. */
  readOnly: {
    /** `urls`: home slugs and locale prefix. */
    urls: { homeSlugs: string[]; localePrefix: 'always' | 'except-default'; defaultLocale: string };
    /** The base of relative media URLs (`media.baseUrl` or Strapi's `server.url`), if known. */
    mediaBaseUrl?: string;
    /** Absent while config/plugins does not set it (the plugin is then not configured). */
    origin?: string;
    language?: string;
    overviewPath?: string;
    mUrlSuffix: string;
    tablePrefix: string;
    database: string;
    artifacts: { llmsTxt: boolean; llmindex: boolean; scp: boolean; robotsTxt: boolean };
  };
  contentTypes: ContentTypeChoice[];
  /** Components of the app, with their attributes: the component overrides' choices. */
  components: { uid: string; displayName: string; attributes: AttributeChoice[] }[];
  locales: { code: string; name?: string }[];
}

/** `POST /rebuild`: the job it started, or the one already running (`started`: false). */
export interface RebuildStarted {
  job: RebuildJobStatus;
  started: boolean;
}

/** `GET /rebuild`: the running job, else the last finished one (null: none since the start). */
export interface CurrentRebuild {
  job: RebuildJobStatus | null;
}
