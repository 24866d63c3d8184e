import type { Core } from '@strapi/strapi';
import type { PurgeStatus } from '@agent-ready/store';
import type { ReconcileSummary, SettingsStatus } from '../admin-api/answer-types';
import type { AgentReadyStatus } from '../runtime/agent-ready-runtime';
import { runtimeOf } from '../runtime/runtime-registry';
import type { RuntimeSettings } from '../settings/runtime-settings';

/** `strapi.plugin('agent-ready').service('agent-ready')`. */
export interface AgentReadyService {
  /** Resolves when every change so far is visible to agents (artifacts rebuilt too). */
  whenIdle(): Promise<void>;
  /** Re-syncs one document (all locales), e.g. after writing to the database directly. */
  resync(uid: string, documentId: string): void;
  /** Brings the whole table in line with the content now. */
  reconcile(): Promise<ReconcileSummary | undefined>;
  status(): AgentReadyStatus;
  /**
   * Checks, saves and applies the settings the admin panel edits (`undefined`: back to
   * config/plugins). Rejects with a ConfigProblemsError (`problems`) when they do not fit.
   */
  saveSettings(settings: RuntimeSettings | undefined, updatedBy?: string): Promise<SettingsStatus>;
  /** Applies settings another instance saved (otherwise picked up within seconds). */
  refreshSettings(): Promise<void>;
  /** Writes the serving metrics counted so far (they are also written on a timer and at shutdown). */
  flushMetrics(): Promise<void>;
  /**
   * Purges of the shared cache (config `edge`): tags sent and waiting, failed requests, the last
   * error, as the purge outbox has them; undefined without the option.
   */
  purgeStatus(): Promise<PurgeStatus | undefined>;
}

export default ({ strapi }: { strapi: Core.Strapi }): AgentReadyService => ({
  whenIdle: () => runtimeOf(strapi).whenIdle(),
  resync: (uid, documentId) => runtimeOf(strapi).resync(uid, documentId),
  reconcile: () => runtimeOf(strapi).reconcile(),
  status: () => runtimeOf(strapi).status(),
  saveSettings: (settings, updatedBy) => runtimeOf(strapi).saveSettings(settings, updatedBy),
  refreshSettings: () => runtimeOf(strapi).refreshSettings(),
  flushMetrics: () => runtimeOf(strapi).flushMetrics(),
  purgeStatus: () => runtimeOf(strapi).purgeStatus(),
});
