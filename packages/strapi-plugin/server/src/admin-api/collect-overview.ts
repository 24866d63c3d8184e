import type { AgentStats } from '@agent-ready/core/metrics';
import { edgeHeaderSettingsOf } from '@agent-ready/store';
import type { ContentTypeOverview, EdgeOverview, LocaleCounts, Overview } from './answer-types';
import { describeMissing } from '../config/required-settings';
import type { AdminRuntimeView } from './admin-runtime-view';
import {
  countPublishedEntries,
  countServedByLocale,
  type CountingDocumentsApi,
} from '../runtime/count-documents';
import { listEndpoints } from './list-endpoints';

interface StrapiForOverview {
  documents: unknown;
  contentTypes: Record<string, { info?: { displayName?: string } } | undefined>;
}

/**
 * The plugin page while the plugin is not configured: what is missing (the page's notice), the
 * warnings logged and the settings' source; nothing is exposed or served yet.
 */
function notConfiguredOverview(runtime: AdminRuntimeView, problemsShown: number): Overview {
  const status = runtime.status();
  const { origin } = runtime.configSoFar.site;
  return {
    state: status.state,
    ...(origin ? { origin } : {}),
    missing: describeMissing(status.missing ?? []),
    contentTypes: [],
    endpoints: [],
    regeneration: { pending: status.pending, reconciling: status.reconciling },
    problems: runtime.problems.list(problemsShown),
    settings: status.settings,
  };
}

/** The `edge` option in force and its purges, with dates as the JSON answer carries them. */
async function collectEdge(runtime: AdminRuntimeView): Promise<EdgeOverview | undefined> {
  const edge = runtime.config.edge;
  const status = edge ? await runtime.purgeStatus() : undefined;
  if (!edge || !status) return undefined;
  const { sharedMaxAge, tagHeader } = edgeHeaderSettingsOf(edge);
  const { lastSentAt, lastError, ...counts } = status;
  return {
    purger: edge.purger.type,
    sharedMaxAge,
    tagHeader,
    purges: {
      ...counts,
      ...(lastSentAt ? { lastSentAt: lastSentAt.toISOString() } : {}),
      ...(lastError ? { lastError: { ...lastError, at: lastError.at.toISOString() } } : {}),
    },
  };
}

/** Everything the plugin page shows, read now. */
export async function collectOverview(
  runtime: AdminRuntimeView,
  strapi: StrapiForOverview,
  problemsShown = 20,
): Promise<Overview> {
  const status = runtime.status();
  if (status.state === 'not-configured') return notConfiguredOverview(runtime, problemsShown);
  const config = runtime.config;
  const engine = runtime.engine;
  const documents = strapi.documents as CountingDocumentsApi;
  const locales = config.locales ?? (await runtime.knownLocales())?.map((l) => l.code) ?? [];
  const contentTypes: ContentTypeOverview[] = [];
  const coverage = await runtime.coverage.current();
  for (const type of runtime.types.values()) {
    const served = engine ? await countServedByLocale(engine, type.uid) : new Map<string, number>();
    const counts: LocaleCounts[] = [];
    for (const locale of type.localized ? locales : ['']) {
      counts.push({
        locale,
        published: await countPublishedEntries(documents, type, locale),
        served: served.get(locale) ?? 0,
      });
    }
    const typeCoverage = coverage?.types.find((measured) => measured.uid === type.uid);
    contentTypes.push({
      uid: type.uid,
      displayName: strapi.contentTypes[type.uid]?.info?.displayName ?? type.uid,
      kind: type.single ? 'singleType' : 'collectionType',
      localized: type.localized,
      pages: type.page.kind !== 'none',
      locales: counts,
      ...(typeCoverage ? { coverage: typeCoverage } : {}),
    });
  }
  const rebuild = runtime.rebuildJobs.current;
  let traffic: AgentStats | undefined;
  if (runtime.metricsEnabled) {
    // This instance's latest counts first, so the page shows the requests just made.
    await runtime.flushMetrics();
    traffic = await runtime.agentStats();
  }
  const lastCheck = runtime.siteChecks.last;
  const edge = await collectEdge(runtime);
  return {
    state: status.state,
    origin: config.site.origin,
    contentTypes,
    endpoints: engine ? await listEndpoints(config, engine) : [],
    regeneration: {
      ...(engine ? { artifacts: await engine.artifactsStatus() } : {}),
      ...(status.lastRebuild ? { lastRebuild: status.lastRebuild } : {}),
      ...(status.lastReconcile ? { lastReconcile: status.lastReconcile } : {}),
      ...(engine
        ? {
            scheduled: (await engine.scheduledBuilds()).map(({ dueAt, ...build }) => ({
              ...build,
              ...(dueAt ? { dueAt: dueAt.toISOString() } : {}),
            })),
          }
        : {}),
      pending: status.pending,
      reconciling: status.reconciling,
      ...(status.reconcileProgress ? { reconcileProgress: status.reconcileProgress } : {}),
    },
    problems: runtime.problems.list(problemsShown),
    ...(rebuild ? { rebuild } : {}),
    ...(lastCheck ? { lastCheck } : {}),
    settings: status.settings,
    ...(traffic ? { traffic } : {}),
    ...(edge ? { edge } : {}),
    ...(engine?.reader.changeRelay ? { changeRelay: engine.reader.changeRelay } : {}),
  };
}
