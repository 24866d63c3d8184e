/** Where the store reports what an operator should see (the host's logger: Strapi's, pino, console). */
export interface StoreLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const SILENT_LOGGER: StoreLogger = { info() {}, warn() {}, error() {} };

/**
 * What an adapter logs to when the app passes no logger: warnings and errors to the console's
 * stderr (a failing rebuild must not go unnoticed), routine information nowhere.
 */
export const CONSOLE_LOGGER: StoreLogger = {
  info() {},
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

const text = (message: unknown): string =>
  message instanceof Error
    ? message.message
    : typeof message === 'string'
      ? message
      : JSON.stringify(message);

/**
 * knex's own log hooks, routed to the logger: without them knex writes warnings such as
 * "Acquire connection error" to stdout, where they mix into whatever the process prints.
 */
export function knexLog(logger: StoreLogger) {
  return {
    warn: (message: unknown) => logger.warn(`agent-ready: database: ${text(message)}`),
    error: (message: unknown) => logger.error(`agent-ready: database: ${text(message)}`),
    deprecate: (method: string, alternative: string) =>
      logger.warn(`agent-ready: database: ${method} is deprecated, use ${alternative}`),
    debug: () => {},
  };
}
