import type { Knex } from 'knex';
import { listenForChanges, type ChangeSubscription } from './listen-for-changes';
import { dialectOf } from '../schema/open-database';
import { SILENT_LOGGER, type StoreLogger } from '../ground/store-logger';
import type { TableNames } from '../schema/table-names';
import type { ChangeRelayStatus, RedisChangeRelay } from '../notify/redis-change-relay';

/**
 * A reader's end of the change notifications: on PostgreSQL (unless `listen: false`) it is told
 * of every commit that moves the table (`changed`) and whether the process's LISTEN connection
 * is live (`listening`); elsewhere it is never live, and the reader polls. With a `relay`
 * (`notify.redis`) the other instances' commits arrive through it too; the reader keeps polling
 * then (a publish lost while Redis is away is not seen otherwise), so `live` stays LISTEN's.
 */
export class ChangeNotifications {
  /** Whether notifications arrive now (LISTEN proved live). */
  live = false;
  private readonly subscription: ChangeSubscription | undefined;
  private readonly relay: RedisChangeRelay | undefined;
  private readonly stopRelay: (() => void) | undefined;

  constructor(
    knex: Knex,
    tables: TableNames,
    options: { listen?: boolean; logger?: StoreLogger; relay?: RedisChangeRelay },
    on: { changed(announcement: string): void; listening(live: boolean): void },
  ) {
    this.relay = options.relay;
    this.stopRelay = options.relay?.listen({
      changed: (announcement) => on.changed(announcement),
      live: (live) => on.listening(live),
    });
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

  /** The Redis relay's state, with `notify.redis`. */
  get relayStatus(): ChangeRelayStatus | undefined {
    return this.relay?.status;
  }

  close(): void {
    this.live = false;
    this.stopRelay?.();
    this.subscription?.close();
  }
}
