/**
 * The runtime's status as it reports it: its state, the reconciles and rebuild jobs it runs, the
 * site checks and the problems it saw. The admin API's answers carry these as they are
 * (admin-api/answer-types re-exports them for the admin pages).
 */
import type { ValidationReport } from '@agent-ready/client';
import type { RebuildOutcome } from '@agent-ready/store';
import type { Coverage } from '../text-coverage/measure-coverage';
import type { ReconcileSummary } from '../sync/reconcile-content';

export type { LastReconcile, ReconcileProgress, ReconcileSummary } from '../sync/reconcile-content';

/**
 * `not-configured`: Strapi runs, but a required setting is missing (see REQUIRED_SETTINGS), so
 * nothing is served to agents until config/plugins or the settings page supplies it.
 */
export type RuntimeState =
  'registered' | 'starting' | 'ready' | 'not-configured' | 'failed' | 'stopped';

export interface RebuildJobStatus {
  id: number;
  state: 'running' | 'done' | 'failed';
  /** `reconciling`: documents re-read and re-rendered; `artifacts`: sitemaps, llms.txt… rebuilt. */
  phase: 'reconciling' | 'artifacts' | 'finished';
  startedAt: string;
  finishedAt?: string;
  /** Published versions to go through (counted when the job starts; content may change meanwhile). */
  total?: number;
  progress: ReconcileSummary;
  /** How the artifact rebuild ended. */
  artifacts?: RebuildOutcome;
  /** One sentence for the page (English; the admin pages say it from the fields above). */
  message?: string;
  /** Why a `failed` job failed, when an error stopped it (not set when the pass was stopped). */
  error?: string;
}

/**
 * What Check now is asked to validate: `public`, the configured public origin as agents see it;
 * `server`, the same URLs sent to this Strapi; `auto`, the public origin when it serves the
 * agent endpoints, this Strapi otherwise (plan-site-check.ts).
 */
export type CheckTarget = 'auto' | 'public' | 'server';
/** What a check validated. */
export type SiteCheckTarget = 'public' | 'server';

export interface SiteCheck {
  target: SiteCheckTarget;
  /** Which target and why, e.g. that the public origin does not serve the endpoints yet. */
  reason: string;
  report: ValidationReport;
  /**
   * How much of each type's text reaches agents, measured with the check; `warnings`: the types
   * below the threshold, one sentence each.
   */
  coverage?: { measure: Coverage; warnings: string[] };
}

export interface RecentProblem {
  /** ISO date. */
  at: string;
  level: 'warn' | 'error';
  message: string;
}
