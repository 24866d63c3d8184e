import { settingsDigest } from '../sync/source-stamp';
import type { PluginLogger, SyncContext } from '../sync/sync-context';
import { coverageWarnings, measureCoverage, type Coverage } from './measure-coverage';

/** A measure stays current this long while nothing is published or changed in between. */
const MAX_AGE_MS = 60_000;

/**
 * The coverage of the settings in force, measured when asked (the admin pages, Check now, the
 * status) and kept while the content and the settings stay as they were: a measure reads a
 * sample of every exposed type, so it is not repeated for each page view. One at a time.
 */
export class CoverageMonitor {
  private value?: Coverage;
  private key?: string;
  private at = 0;
  private running?: Promise<Coverage | undefined>;

  constructor(
    private readonly contextOf: () => SyncContext | undefined,
    private readonly log: PluginLogger,
  ) {}

  /** The last measure, if any (the status API: no reading). */
  get last(): Coverage | undefined {
    return this.value;
  }

  /** The coverage now: the last measure while still current, else a new one. Never throws. */
  async current(): Promise<Coverage | undefined> {
    const context = this.contextOf();
    if (!context) return undefined;
    if (this.running) return this.running;
    const run = (async () => {
      const key = `${await context.engine.contentSequence()} ${settingsDigest(context)}`;
      if (this.value && this.key === key && Date.now() - this.at < MAX_AGE_MS) return this.value;
      const coverage = await measureCoverage(context);
      this.value = coverage;
      this.key = key;
      this.at = Date.now();
      return coverage;
    })()
      .catch((error: unknown) => {
        this.log.warn(`agent-ready: could not measure the coverage: ${(error as Error).message}`);
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    this.running = run;
    return run;
  }

  /**
   * Measures now and logs a warning for each type whose entries reach agents with less than
   * most of their text (after a reconcile: at start-up and when the settings change).
   */
  async measureAndWarn(): Promise<void> {
    this.key = undefined;
    const coverage = await this.current();
    for (const warning of coverage ? coverageWarnings(coverage) : []) {
      this.log.warn(`agent-ready: ${warning}`);
    }
  }

  /** Resolves once no measure is running (shutdown, tests). */
  async settled(): Promise<void> {
    await this.running;
  }
}
