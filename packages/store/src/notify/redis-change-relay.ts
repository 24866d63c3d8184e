import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { Knex } from 'knex';
import type { Redis as RedisClient } from 'ioredis';
import { z } from 'zod';
import { documented, optionsObject, parseOptions } from '@agent-ready/core/options';
import { dialectOf } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';
import { StoreError } from '../ground/store-errors';
import type { StoreLogger } from '../ground/store-logger';

/**
 * `notify`: how instances tell each other of a commit beyond PostgreSQL's own `NOTIFY`.
 * `redis`: a Redis (or Valkey) URL; each writer publishes what moved after every commit, each
 * instance subscribes and revalidates at once. Readers keep polling every `revalidateAfterMs`
 * too: a message lost while Redis is away costs at most that.
 */
export const notifyOptionsSchema = optionsObject({
  redis: documented(
    z
      .string({ error: 'must be a redis:// or rediss:// URL' })
      .regex(/^rediss?:\/\/./, { error: 'must be a redis:// or rediss:// URL' }),
    {
      description:
        'The Redis (or Valkey) URL: `redis://host:6379` (`rediss://` for TLS; user, password and database number as usual). Install `ioredis` beside the adapter.',
    },
  ),
});

const openingSchema = optionsObject({ notify: notifyOptionsSchema });

export type NotifyOptions = z.input<typeof notifyOptionsSchema>;

/** Where an instance's Redis change relay stands: what status pages and the admin show. */
export interface ChangeRelayStatus {
  transport: 'redis';
  /** `live`: subscribed and connected; `down`: reconnecting (the instance polls meanwhile). */
  state: 'connecting' | 'live' | 'down' | 'closed';
  /** Times the subscription was (re)established. */
  connects: number;
  /** Why it is down, while it is. */
  lastError?: string;
}

type RedisConstructor = new (url: string, options: Record<string, unknown>) => RedisClient;

/** ioredis, loaded only when `notify.redis` is set: nobody else installs it. */
async function loadRedis(): Promise<RedisConstructor> {
  try {
    const module = (await import('ioredis')) as unknown as {
      Redis?: RedisConstructor;
      default?: RedisConstructor;
    };
    return (module.Redis ?? module.default)!;
  } catch (error) {
    throw new StoreError(
      'store.redis-missing',
      'notify.redis needs the ioredis package, which is not installed: npm install ioredis',
      { field: 'notify.redis', cause: error },
    );
  }
}

/**
 * The channel of one site's table: a hash of the database it lives in and the state table's
 * name, so sites sharing a Redis (another database, schema or prefix) never wake each other.
 * Every instance computes it the same way from its own connection.
 */
export async function changeChannelOf(knex: Knex, tables: TableNames): Promise<string> {
  const dialect = dialectOf(knex);
  let database: string;
  if (dialect === 'postgres') {
    const { rows } = (await knex.raw(
      "select current_database() || '.' || current_schema() as id",
    )) as { rows: { id: string }[] };
    database = rows[0]!.id;
  } else if (dialect === 'mysql') {
    const [rows] = (await knex.raw('select database() as id')) as [{ id: string }[]];
    database = String(rows[0]!.id);
  } else {
    const filename = String(
      (knex.client.config as { connection?: { filename?: string } }).connection?.filename ?? '',
    );
    database = filename && filename !== ':memory:' ? realpathSync(filename) : filename;
  }
  const id = createHash('sha256').update(`${dialect}:${database}.${tables.state}`).digest('hex');
  return `agent-ready:${id.slice(0, 32)}`;
}

/** The URL without its password, for messages. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the notify.redis URL';
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One instance's end of the Redis relay: a connection that publishes the writer's announcements
 * after commit (`publish`) and a subscribed one that hands the other instances' announcements to
 * `on.changed`. ioredis reconnects and resubscribes by itself; each (re)subscription is reported
 * through `on.live(true)` (something may have been missed while it was down: revalidate).
 */
export class RedisChangeRelay {
  private statusNow: ChangeRelayStatus = { transport: 'redis', state: 'connecting', connects: 0 };
  private readonly listeners = new Set<{
    changed(announcement: string): void;
    live(live: boolean): void;
  }>();
  /** Whether the operator was told the relay is down (once per outage). */
  private warned = false;

  private constructor(
    private readonly publisher: RedisClient,
    private readonly subscriber: RedisClient,
    readonly channel: string,
    private readonly url: string,
    private readonly logger: StoreLogger,
  ) {
    publisher.on('error', () => undefined);
    subscriber.on('error', (error: Error) => this.down(error));
    subscriber.on('close', () => this.down(new Error('the connection closed')));
    subscriber.on('ready', () => void this.subscribe());
    subscriber.on('message', (from: string, message: string) => {
      if (from !== this.channel) return;
      for (const listener of this.listeners) listener.changed(message);
    });
  }

  /** Connects both ends (without waiting for Redis: an instance starts while it is away). */
  static async open(
    options: NotifyOptions,
    knex: Knex,
    tables: TableNames,
    logger: StoreLogger,
  ): Promise<RedisChangeRelay> {
    const { redis: url } = parseOptions(openingSchema, { notify: options }).notify;
    const Redis = await loadRedis();
    const channel = await changeChannelOf(knex, tables);
    const settings = {
      // A publish while Redis is away fails at once (readers poll) rather than queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 6), 5_000),
      lazyConnect: false,
    };
    return new RedisChangeRelay(
      new Redis(url, settings),
      new Redis(url, { ...settings, enableOfflineQueue: true, autoResubscribe: false }),
      channel,
      url,
      logger,
    );
  }

  get status(): ChangeRelayStatus {
    return { ...this.statusNow };
  }

  /** Tells other instances what moved: after the commit, never failing the write. */
  publish(announcement: string): void {
    if (this.statusNow.state === 'closed' || this.publisher.status !== 'ready') return;
    this.publisher.publish(this.channel, announcement).catch(() => undefined);
  }

  /** `changed` for each announcement from Redis; `live` when the subscription (re)starts or drops. */
  listen(listener: { changed(announcement: string): void; live(live: boolean): void }): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.statusNow = { ...this.statusNow, state: 'closed' };
    delete this.statusNow.lastError;
    this.listeners.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      this.down(error);
      return;
    }
    if (this.statusNow.state === 'closed') return;
    this.statusNow = { transport: 'redis', state: 'live', connects: this.statusNow.connects + 1 };
    if (this.warned)
      this.logger.info(`agent-ready: change notifications over ${shown(this.url)} are back`);
    this.warned = false;
    for (const listener of this.listeners) listener.live(true);
  }

  private down(error: unknown): void {
    if (this.statusNow.state === 'closed') return;
    const wasLive = this.statusNow.state === 'live';
    this.statusNow = {
      transport: 'redis',
      state: 'down',
      connects: this.statusNow.connects,
      lastError: errorText(error),
    };
    if (!this.warned) {
      this.logger.warn(
        `agent-ready: change notifications over ${shown(this.url)} are down (${errorText(error)}); polling every revalidateAfterMs until they are back`,
      );
      this.warned = true;
    }
    if (wasLive) for (const listener of this.listeners) listener.live(false);
  }
}
