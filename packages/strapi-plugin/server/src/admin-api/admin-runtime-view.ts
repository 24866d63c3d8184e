import type { AgentReadyRuntime } from '../runtime/agent-ready-runtime';

/**
 * What the admin API's answers read of the runtime (the overview and the settings page): its
 * status, the settings in force and their sources, the site's health and counts. Narrow on
 * purpose: an answer that needs more says so here, where a reviewer sees it.
 */
export type AdminRuntimeView = Pick<
  AgentReadyRuntime,
  | 'agentStats'
  | 'config'
  | 'configSoFar'
  | 'coverage'
  | 'derivedSummary'
  | 'engine'
  | 'fileConfig'
  | 'flushMetrics'
  | 'knownLocales'
  | 'metricsEnabled'
  | 'problems'
  | 'purgeStatus'
  | 'rebuildJobs'
  | 'settingsStatus'
  | 'siteChecks'
  | 'siteSummarySource'
  | 'status'
  | 'syncContext'
  | 'types'
>;
