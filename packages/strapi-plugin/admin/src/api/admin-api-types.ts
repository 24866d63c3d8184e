/**
 * What the pages read from the plugin's admin API: the JSON form of the answers the server builds
 * (server/src/admin-api/answer-types.ts defines them once for both sides). Type-only imports: no
 * server code reaches the admin bundle.
 */
import type * as AdminApi from '../../../server/src/admin-api/answer-types';
import type { Json } from '../../../server/src/admin-api/json-form';

export type Overview = Json<AdminApi.Overview>;
export type PluginState = AdminApi.RuntimeState;
export type MissingSetting = Json<AdminApi.MissingSetting>;
/** Counters of /llm-stats.json (core's AgentStats), over a day, an agent family or everything. */
export type AgentTraffic = NonNullable<Overview['traffic']>;
/** The shared cache in front and its purges (the `edge` option). */
export type EdgeStatus = NonNullable<Overview['edge']>;
/** The Redis change relay between instances (the `notify` option). */
export type ChangeRelay = NonNullable<Overview['changeRelay']>;

export type SettingsDescription = Json<AdminApi.SettingsDescription>;
export type RuntimeSettings = SettingsDescription['settings'];
export type ContentTypeMapping = Exclude<RuntimeSettings['contentTypes'][string], true>;
export type PolicySettings = Exclude<RuntimeSettings['policy'], false>;
export type ContentTypeChoice = SettingsDescription['contentTypes'][number];

export type RebuildJob = Json<AdminApi.RebuildJobStatus>;
export type RebuildStarted = Json<AdminApi.RebuildStarted>;
export type CurrentRebuild = Json<AdminApi.CurrentRebuild>;

export type SiteCheck = Json<AdminApi.SiteCheck>;
export type CheckTarget = AdminApi.CheckTarget;
export type CheckStatus = SiteCheck['report']['checks'][number]['status'];
