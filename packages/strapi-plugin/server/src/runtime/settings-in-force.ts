import type { Core } from '@strapi/strapi';
import type { SettingsStatus } from '../settings/settings-status';
import type { RuntimeState } from './runtime-status';
import type { AgentReadyPluginConfig, FilePluginConfig } from '../config/plugin-config';
import { PLUGIN_ID } from '../config/plugin-config';
import type { RequiredSetting } from '../config/required-settings';
import { MissingSettingsError, validateFilePluginConfig } from '../config/validate-plugin-config';
import {
  applyRuntimeSettings,
  type RuntimeSettings,
  type StoredSettings,
} from '../settings/runtime-settings';
import { SavedSettings } from '../settings/saved-settings';
import type { PluginStoreApi } from '../settings/settings-store';
import type { PluginLogger } from '../sync/sync-context';
import {
  preparePluginConfig,
  readDerivedSummary,
  type PreparedConfig,
} from '../settings/prepare-plugin-config';

/** How often an instance looks for settings another instance saved (one indexed row read). */
const SETTINGS_POLL_MS = 10_000;

/** What putting settings in force does to the rest of the plugin (the runtime's part). */
export interface SettingsTarget {
  /** Where the plugin stands now. */
  state(): RuntimeState;
  /** The first complete settings (not configured until now): the plugin starts serving. */
  activate(prepared: PreparedConfig, reason: string): Promise<void>;
  /** Settings replacing the ones in force; `commit` records them where the swap happens. */
  replace(prepared: PreparedConfig, commit: () => void): Promise<void>;
}

/**
 * Which settings are in force: config/plugins with the settings saved in the admin panel laid
 * over it. At start-up the saved ones (else the file alone, or, when a required setting is
 * missing from both, what there is so far); a save from the settings page; another instance's
 * save, polled every few seconds, so instances sharing a database converge on the last save.
 * One settings operation at a time (SavedSettings' `serial`).
 */
export class SettingsInForce {
  /** The settings of config/plugins, validated (a required one may be missing). */
  readonly fileConfig: FilePluginConfig;
  private readonly saved: SavedSettings;
  private configValue?: AgentReadyPluginConfig;
  /** While not configured: what config/plugins and the saved settings give so far. */
  private incomplete?: MissingSettingsError;
  private poll?: NodeJS.Timeout;

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly log: PluginLogger,
    private readonly target: SettingsTarget,
  ) {
    this.fileConfig = validateFilePluginConfig(strapi.config.get(`plugin::${PLUGIN_ID}`));
    this.saved = new SavedSettings(
      strapi as unknown as PluginStoreApi,
      (settings) => this.prepare(settings),
      log,
    );
  }

  /** The settings in force; throws while there are none (starting, not configured). */
  get config(): AgentReadyPluginConfig {
    if (!this.configValue)
      throw new Error(`agent-ready is ${this.target.state()}: no settings in force`);
    return this.configValue;
  }

  /** What the settings page shows and edits (see AgentReadyRuntime.configSoFar). */
  get configSoFar(): FilePluginConfig {
    return this.configValue ?? this.incomplete?.config ?? this.fileConfig;
  }

  /** While not configured: the required settings still missing. */
  get missing(): readonly RequiredSetting[] | undefined {
    return this.incomplete?.missing;
  }

  /** The settings saved in the admin panel that are in force, if any. */
  get savedSettings(): StoredSettings | undefined {
    return this.saved.applied;
  }

  status(): SettingsStatus {
    return this.saved.status();
  }

  /**
   * The summary in force when the settings set none: the site's own description, read when the
   * settings were put in force (prepare-plugin-config.ts), not a setting the form may save.
   */
  get derivedSummary(): string | undefined {
    const own = applyRuntimeSettings(this.fileConfig, this.saved.applied?.settings).site.summary;
    return own === undefined ? this.configValue?.site.summary : undefined;
  }

  /**
   * What start-up puts in force: the saved settings laid over config/plugins, else config/plugins
   * alone, or, when a required setting is missing from both, what there is so far. Throws (failing
   * Strapi's start) on config/plugins settings that do not fit the schemas.
   */
  async atStart(): Promise<PreparedConfig | MissingSettingsError> {
    const saved = await this.saved.readAtStart();
    if (saved) return saved.kind === 'prepared' ? saved.prepared : saved.missing;
    try {
      return await this.prepare(undefined);
    } catch (error) {
      if (error instanceof MissingSettingsError) return error;
      throw error;
    }
  }

  /** Looks for another instance's save every few seconds from now on. */
  startPolling(): void {
    this.poll = setInterval(() => void this.refresh(), SETTINGS_POLL_MS);
    this.poll.unref();
  }

  /** Not configured: `incomplete` is what there is so far (the settings form shows it). */
  waitFor(incomplete: MissingSettingsError): void {
    this.incomplete = incomplete;
  }

  /** `config` is in force now; `applied`, when given, the saved settings it came from. */
  commit(config: AgentReadyPluginConfig, applied?: { record: StoredSettings | undefined }): void {
    this.configValue = config;
    this.incomplete = undefined;
    if (applied) this.saved.applied = applied.record;
  }

  /**
   * Checks, saves (plugin store) and applies settings from the admin panel; `undefined` goes back
   * to config/plugins alone. Throws ConfigProblemsError, saving nothing, when they do not fit.
   */
  save(settings: RuntimeSettings | undefined, updatedBy?: string): Promise<SettingsStatus> {
    return this.saved.serial(async () => {
      this.assertEditable();
      const { prepared, record } = await this.saved.write(settings, updatedBy);
      await this.putInForce(prepared, record, 'configured in the admin panel');
      this.log.info(
        `agent-ready: settings ${record ? 'saved in the admin panel' : 'reset to config/plugins'} are in force`,
      );
      return this.status();
    });
  }

  /** Applies settings another instance saved (polled; also callable). Never throws. */
  refresh(): Promise<void> {
    const saved = this.saved;
    return saved
      .serial(async () => {
        const state = this.target.state();
        if (state !== 'ready' && state !== 'not-configured') return;
        const change = await saved.readChange();
        if (!change) {
          await this.followSiteSummary().catch((error: unknown) =>
            this.log.warn(
              `agent-ready: could not read the site's description for llms.txt: ${(error as Error).message}`,
            ),
          );
          return;
        }
        if (change.kind === 'missing') {
          if (this.target.state() === 'not-configured') {
            // Still not enough to start: the settings form shows what there is now.
            saved.applied = change.stored;
            this.incomplete = change.missing;
          } else
            saved.refuse(
              change.missing,
              'settings saved on another instance do not fit this one and are ignored',
            );
          return;
        }
        try {
          await this.putInForce(change.prepared, change.stored, 'configured on another instance');
        } catch (error) {
          // Settings that do not fit are said; anything else (the database) is retried later.
          saved.refuse(
            error,
            'settings saved on another instance do not fit this one and are ignored',
          );
          return;
        }
        this.log.info('agent-ready: applied the settings saved on another instance');
      })
      .catch((error) => {
        this.log.error(`agent-ready: could not apply saved settings: ${(error as Error).message}`);
      });
  }

  /** Resolves once every settings operation queued so far is done. */
  settled(): Promise<void> {
    return this.saved.settled();
  }

  /** No more polling (shutdown). */
  stopPolling(): void {
    if (this.poll) clearInterval(this.poll);
  }

  /**
   * When the settings set no summary, the site's own description is llms.txt's: read again (on
   * every poll, and at once when its type is saved here), the settings are put in force anew
   * when it changed, so every instance's llms.txt follows an edit of it.
   */
  private async followSiteSummary(): Promise<void> {
    const config = this.configValue;
    if (!config || this.target.state() !== 'ready') return;
    const settings = this.saved.applied?.settings;
    if (applyRuntimeSettings(this.fileConfig, settings).site.summary !== undefined) return;
    // The description alone first (one published entry read): the whole configuration is
    // prepared again only when it changed, not every poll.
    const derived = await readDerivedSummary(this.strapi, undefined);
    if (derived?.text === config.site.summary) return;
    const prepared = await this.prepare(settings);
    if (prepared.config.site.summary === config.site.summary) return;
    await this.putInForce(prepared, this.saved.applied, "the site's description changed");
    this.log.info("agent-ready: llms.txt's summary follows the site's description");
  }

  /** See preparePluginConfig. */
  private prepare(settings: RuntimeSettings | undefined): Promise<PreparedConfig> {
    return preparePluginConfig(this.strapi, this.fileConfig, settings);
  }

  /** Settings can be saved once the plugin runs, or while it waits for them (not configured). */
  private assertEditable(): void {
    const state = this.target.state();
    if (state !== 'ready' && state !== 'not-configured') {
      throw new Error(`agent-ready is ${state}: settings can be changed once it is running`);
    }
  }

  /** Applies checked settings: the first complete ones start the plugin, later ones replace them. */
  private async putInForce(
    prepared: PreparedConfig,
    record: StoredSettings | undefined,
    reason: string,
  ): Promise<void> {
    if (this.target.state() !== 'not-configured') {
      await this.target.replace(prepared, () => this.commit(prepared.config, { record }));
      return;
    }
    await this.target.activate(prepared, reason);
    this.saved.applied = record;
  }
}
