import type { Knex } from 'knex';
import { listenForChanges, type ChangeSubscription } from './listen-for-changes';
import { dialectOf } from '../schema/open-database';
import { SILENT_LOGGER, type StoreLogger } from '../store-logger';
import type { TableNames } from '../schema/table-names';

/**
 * A reader's end of the change notifications: on PostgreSQL (unless `listen: false`) it is told
 * of every commit that moves the table (`changed`) and whether the process's LISTEN connection
 * is live (`listening`); elsewhere it is never live, and the reader polls.
 */
export class ChangeNotifications {
  /** Whether notifications arrive now (LISTEN proved live). */
  live = false;
  private readonly subscription: ChangeSubscription | undefined;

  constructor(
    knex: Knex,
    tables: TableNames,
    options: { listen?: boolean; logger?: StoreLogger },
    on: { changed(announcement: string): void; listening(live: boolean): void },
  ) {
    if (options.listen === false || dialectOf(knex) !== 'postgres') return;
    this.subscription = listenForChanges(
      knex,
      tables.state,
      {
        onChange: (announcement) => on.changed(announcement),
        onListening: (live) => {
          this.live = live;
          // Either way something may have been missed: before LISTEN, or since it dropped.
          on.listening(live);
        },
      },
      options.logger ?? SILENT_LOGGER,
    );
  }

  get status() {
    return this.subscription?.status;
  }

  close(): void {
    this.live = false;
    this.subscription?.close();
  }
}
