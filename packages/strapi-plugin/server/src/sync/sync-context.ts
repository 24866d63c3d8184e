import type { PrepareDocumentOptions } from '@agent-ready/core/document';
import type { RegenerationEngine } from '@agent-ready/store';
import type { UrlRules } from '../mapping/page-url';
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
  /** How the front end's URLs are formed (home pages, locale prefixes). */
  rules: UrlRules;
  /** The absolute URL of a media file as Strapi stores its `url`; undefined when unknown. */
  mediaUrl(url: string): string | undefined;
  /** The base `mediaUrl` puts relative URLs on, when known (the settings page shows it). */
  mediaBaseUrl?: string;
  /** Exposed locales; undefined = all. */
  locales?: ReadonlySet<string>;
  documents: DocumentsApi;
  db: QueryApi;
  log: PluginLogger;
}
