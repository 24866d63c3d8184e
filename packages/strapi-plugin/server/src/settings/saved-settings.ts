import type { SettingsStatus } from './settings-status';
import { MissingSettingsError } from '../config/validate-plugin-config';
import { problemsOf, type PreparedConfig } from './prepare-plugin-config';
import type { PluginLogger } from '../sync/sync-context';
import type { RuntimeSettings, StoredSettings } from './runtime-settings';
import {
  clearStoredSettings,
  readStoredSettings,
  writeStoredSettings,
  type PluginStoreApi,
} from './settings-store';
import { validateRuntimeSettings } from './validate-runtime-settings';

/** What reading the saved settings gave: settings to put in force, or what is still missing. */
export type SavedSettingsOutcome =
  | { kind: 'prepared'; prepared: PreparedConfig; stored: StoredSettings | undefined }
  | { kind: 'missing'; missing: MissingSettingsError; stored: StoredSettings | undefined };

/**
 * The settings saved in the admin panel as this instance knows them (Strapi's plugin store,
 * shared by every instance): read and checked against this Strapi at start-up, written by the
 * settings page, polled for another instance's save. One operation at a time (`serial`), so a
 * save and a poll never interleave. It only reads, checks and writes: putting settings in force
 * is the runtime's job.
 */
export class SavedSettings {
  /** The saved settings in force (or, while not configured, the ones the form shows). */
  applied?: StoredSettings;
  /** The `updatedAt` of the last saved settings considered (applied or refused). */
  private seenAt?: string;
  /** Why saved settings are ignored, while they are. */
  private ignored?: string;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: PluginStoreApi,
    private readonly prepare: (settings: RuntimeSettings | undefined) => Promise<PreparedConfig>,
    private readonly log: PluginLogger,
  ) {}

  /** Runs `work` after every settings operation queued before it. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every settings operation queued so far is done. */
  async settled(): Promise<void> {
    await this.tail;
  }

  status(): SettingsStatus {
    const saved = this.applied;
    return {
      source: saved ? 'admin' : 'file',
      ...(saved ? { updatedAt: saved.updatedAt } : {}),
      ...(saved?.updatedBy ? { updatedBy: saved.updatedBy } : {}),
      ...(this.ignored ? { ignored: this.ignored } : {}),
    };
  }

  /**
   * At start-up: the saved settings laid over config/plugins and checked against this Strapi,
   * or what is missing when together they still lack a required setting; undefined (logged)
   * when there are none or they cannot be used (config/plugins alone then).
   */
  async readAtStart(): Promise<SavedSettingsOutcome | undefined> {
    let stored: StoredSettings | undefined;
    try {
      stored = await readStoredSettings(this.store);
    } catch (error) {
      this.log.error(
        `agent-ready: could not read the settings saved in the admin panel; using config/plugins: ${(error as Error).message}`,
      );
      return undefined;
    }
    this.seenAt = stored?.updatedAt;
    if (!stored) return undefined;
    try {
      const prepared = await this.prepare(validateRuntimeSettings(stored.settings));
      this.applied = stored;
      this.ignored = undefined;
      return { kind: 'prepared', prepared, stored };
    } catch (error) {
      // They fit, but config/plugins and they still leave a required setting out: the plugin
      // waits for the rest, and the settings form shows them.
      if (error instanceof MissingSettingsError) {
        this.applied = stored;
        return { kind: 'missing', missing: error, stored };
      }
      this.refuse(
        error,
        `the settings saved in the admin panel on ${stored.updatedAt} do not fit this Strapi and are ignored until saved again`,
      );
      return undefined;
    }
  }

  /**
   * The settings page's save: checks `settings` (undefined: back to config/plugins alone) and
   * writes them. Throws ConfigProblemsError (or MissingSettingsError), writing nothing, when they
   * do not fit. The caller puts them in force, then marks them `applied`.
   */
  async write(
    settings: RuntimeSettings | undefined,
    updatedBy?: string,
  ): Promise<{ prepared: PreparedConfig; record: StoredSettings | undefined }> {
    const prepared = await this.prepare(
      settings === undefined ? undefined : validateRuntimeSettings(settings),
    );
    const record: StoredSettings | undefined = settings && {
      version: 1,
      settings,
      // Strictly after the settings in force, so every instance's poll sees a change.
      updatedAt: new Date(
        Math.max(Date.now(), Date.parse(this.applied?.updatedAt ?? '') + 1 || 0),
      ).toISOString(),
      ...(updatedBy ? { updatedBy } : {}),
    };
    if (record) await writeStoredSettings(this.store, record);
    else await clearStoredSettings(this.store);
    this.seenAt = record?.updatedAt;
    this.ignored = undefined;
    return { prepared, record };
  }

  /**
   * Another instance's save, if there is one this instance has not considered yet; undefined
   * when nothing changed, the store cannot be read (the next poll tries again), or they do not
   * fit this Strapi (logged, and said in `status().ignored`).
   */
  async readChange(): Promise<SavedSettingsOutcome | undefined> {
    let stored: StoredSettings | undefined;
    try {
      stored = await readStoredSettings(this.store);
    } catch {
      return undefined;
    }
    if (stored?.updatedAt === this.seenAt) return undefined;
    try {
      const prepared = await this.prepare(
        stored ? validateRuntimeSettings(stored.settings) : undefined,
      );
      this.seenAt = stored?.updatedAt;
      this.ignored = undefined;
      return { kind: 'prepared', prepared, stored };
    } catch (error) {
      if (error instanceof MissingSettingsError) {
        this.seenAt = stored?.updatedAt;
        return { kind: 'missing', missing: error, stored };
      }
      this.seenAt = stored?.updatedAt;
      this.refuse(error, 'settings saved on another instance do not fit this one and are ignored');
      return undefined;
    }
  }

  /** Records (and logs) why saved settings are ignored; anything but a settings problem is rethrown. */
  refuse(error: unknown, what: string): void {
    const problems = problemsOf(error);
    this.ignored = problems.map((p) => `${p.field}: ${p.message}`).join('; ');
    this.log.error(`agent-ready: ${what}: ${this.ignored}`);
  }
}
