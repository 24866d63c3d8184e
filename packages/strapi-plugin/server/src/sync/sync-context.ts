import type { PrepareDocumentOptions } from '@agent-ready/core/document';
import type { RegenerationEngine } from '@agent-ready/store';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { DocumentsApi, QueryApi } from './read-published-entries';

export interface PluginLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Everything a sync or a reconcile needs: where to read content, where to write rows. */
export interface SyncContext {
  engine: RegenerationEngine;
  types: ReadonlyMap<string, ResolvedContentType>;
  prepareOptions: PrepareDocumentOptions;
  /** Exposed locales; undefined = all. */
  locales?: ReadonlySet<string>;
  documents: DocumentsApi;
  db: QueryApi;
  log: PluginLogger;
}
