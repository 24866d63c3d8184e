import type { RecentProblem } from './runtime-status';
import type { PluginLogger } from '../sync/sync-context';

const MAX_MESSAGE = 2000;

/**
 * The last warnings and errors the plugin logged (failed syncs, documents that cannot be served,
 * failed artifact builds, a failed reconcile), newest first, for the admin page: an editor sees
 * what went wrong without access to the server's log.
 */
export class RecentProblems {
  private readonly entries: RecentProblem[] = [];

  constructor(
    private readonly capacity = 50,
    private readonly clock: () => number = Date.now,
  ) {}

  add(level: RecentProblem['level'], message: string): void {
    const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
    this.entries.unshift({ at: new Date(this.clock()).toISOString(), level, message: text });
    if (this.entries.length > this.capacity) this.entries.length = this.capacity;
  }

  list(limit = this.capacity): RecentProblem[] {
    return this.entries.slice(0, limit);
  }

  /** A logger that also records what it warns about and errors on. */
  recording(logger: PluginLogger): PluginLogger {
    return {
      info: (message) => logger.info(message),
      warn: (message) => {
        this.add('warn', message);
        logger.warn(message);
      },
      error: (message) => {
        this.add('error', message);
        logger.error(message);
      },
    };
  }
}
