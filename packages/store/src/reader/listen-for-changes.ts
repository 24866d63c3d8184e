import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { changeChannelSql } from '../state/announce-change';
import type { StoreLogger } from '../ground/store-logger';

/** What we use of a `pg` Client (what knex's `acquireRawConnection` gives on PostgreSQL). */
interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  on(
    event: 'notification',
    listener: (message: { channel: string; payload?: string }) => void,
  ): void;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
  end(): Promise<void>;
  connection?: { stream?: { unref?(): void } };
}

/** Who is told: a reader, say. */
export interface ChangeSubscriber {
  /** A commit announced a change of the table (see `announceChange` for the forms). */
  onChange(announcement: string): void;
  /** LISTEN is live (proved by a round trip), or lost: the subscriber polls meanwhile. */
  onListening(live: boolean): void;
}

export interface ChangeListenerStatus {
  /** `listening`: proved by a notification sent to itself; `down`: reconnecting (poll). */
  state: 'connecting' | 'listening' | 'down' | 'closed';
  /** The server process of the listening connection (`pg_backend_pid()`), while listening. */
  backendPid?: number;
  /** Times a connection was established and proved (the first and every reconnect). */
  connects: number;
}

export interface ChangeSubscription {
  /** The process's listening connection, as it is now. */
  readonly status: ChangeListenerStatus;
  close(): void;
}

/** A live connection is proved this often (a half-open TCP connection tells nothing). */
const HEARTBEAT_MS = 10_000;
/** A notification sent to itself that does not come back within this: the connection is dead. */
const PING_TIMEOUT_MS = 5_000;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
const CHANNEL = /^agent_ready_[0-9a-f]{32}$/;

/**
 * One listening connection per process and database (see `listenForChanges`): every table's
 * channel on it, re-established after a drop with a growing pause, proved live by a
 * notification it sends itself on connect and every 10 s.
 */
class SharedListener {
  /** Subscribers by state table. */
  private readonly subscribers = new Map<string, Set<ChangeSubscriber>>();
  /** Databases to connect through (any subscriber's knex will do). */
  private readonly knexes = new Map<ChangeSubscriber, Knex>();
  /** On the current connection: the LISTEN of each table (started), and channel to table. */
  private listens = new Map<string, Promise<void>>();
  private listened = new Set<string>();
  private channels = new Map<string, string>();
  private connection: PgConnection | undefined;
  private readonly pingChannel = `agent_ready_ping_${randomBytes(8).toString('hex')}`;
  private ping: { token: string; done: (error?: Error) => void } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retryMs = RECONNECT_FIRST_MS;
  private connecting = false;
  /** Whether the operator was told the connection is down (once per outage). */
  private warned = false;
  status: ChangeListenerStatus = { state: 'connecting', connects: 0 };

  constructor(
    private readonly logger: StoreLogger,
    private readonly onClosed: () => void,
  ) {}

  subscribe(knex: Knex, stateTable: string, subscriber: ChangeSubscriber): void {
    let set = this.subscribers.get(stateTable);
    if (!set) this.subscribers.set(stateTable, (set = new Set()));
    set.add(subscriber);
    this.knexes.set(subscriber, knex);
    const connection = this.connection;
    if (connection)
      this.listenTo(connection, stateTable).then(
        () => {
          if (this.connection === connection && this.status.state === 'listening')
            subscriber.onListening(true);
        },
        (error: Error) => this.lost(connection, error),
      );
    else if (!this.connecting && this.timer === undefined) void this.connect();
  }

  unsubscribe(stateTable: string, subscriber: ChangeSubscriber): void {
    const set = this.subscribers.get(stateTable);
    set?.delete(subscriber);
    this.knexes.delete(subscriber);
    if (set?.size === 0) this.subscribers.delete(stateTable);
    if (this.subscribers.size > 0) return;
    this.status = { state: 'closed', connects: this.status.connects };
    clearTimeout(this.timer);
    this.timer = undefined;
    const connection = this.connection;
    this.connection = undefined;
    this.ping?.done(new Error('closed'));
    void connection?.end().catch(() => undefined);
    this.onClosed();
  }

  private async connect(): Promise<void> {
    const knex = [...this.knexes.values()].pop();
    if (!knex || this.status.state === 'closed' || this.connecting) return;
    this.connecting = true;
    this.status = { state: 'connecting', connects: this.status.connects };
    let connection: PgConnection | undefined;
    try {
      // Its own connection, outside knex's pool: a LISTEN holds it for the life of the process.
      connection = (await knex.client.acquireRawConnection()) as PgConnection;
      if (this.status.state === 'closed') {
        await connection.end().catch(() => undefined);
        return;
      }
      const current = connection;
      this.connection = current;
      this.listens = new Map();
      this.listened = new Set();
      this.channels = new Map();
      current.on('notification', (message) => this.notified(message));
      current.on('error', (error) => this.lost(current, error ?? new Error('connection error')));
      current.on('end', () => this.lost(current, new Error('the connection ended')));
      // Never what keeps a process alive.
      current.connection?.stream?.unref?.();
      const pid = Number((await current.query('select pg_backend_pid() as pid')).rows[0]?.pid);
      await current.query(`LISTEN ${this.pingChannel}`);
      await Promise.all([...this.subscribers.keys()].map((table) => this.listenTo(current, table)));
      await this.roundTrip(current);
      if (this.connection !== current) return;
      this.status = { state: 'listening', backendPid: pid, connects: this.status.connects + 1 };
      this.retryMs = RECONNECT_FIRST_MS;
      if (this.warned) this.logger.info('agent-ready: change notifications (LISTEN) are back');
      this.warned = false;
      for (const [table, set] of this.subscribers)
        if (this.listened.has(table)) for (const subscriber of set) subscriber.onListening(true);
      this.heartbeat(current);
    } catch (error) {
      this.lost(connection ?? this.connection, error as Error);
    } finally {
      this.connecting = false;
    }
  }

  /** LISTEN on a table's channel, once per connection. */
  private listenTo(connection: PgConnection, table: string): Promise<void> {
    let listen = this.listens.get(table);
    if (!listen) {
      listen = (async () => {
        const { rows } = await connection.query(`select ${changeChannelSql('$1')} as channel`, [
          table,
        ]);
        const channel = String(rows[0]?.channel);
        if (!CHANNEL.test(channel)) throw new Error(`unexpected channel name ${channel}`);
        await connection.query(`LISTEN ${channel}`);
        this.channels.set(channel, table);
        this.listened.add(table);
      })();
      this.listens.set(table, listen);
    }
    return listen;
  }

  private notified(message: { channel: string; payload?: string }): void {
    if (message.channel === this.pingChannel) {
      const ping = this.ping;
      if (ping && ping.token === message.payload) ping.done();
      return;
    }
    const table = this.channels.get(message.channel);
    for (const subscriber of (table && this.subscribers.get(table)) || [])
      subscriber.onChange(message.payload ?? '');
  }

  /** A notification to itself, back within PING_TIMEOUT_MS: the path works end to end. */
  private roundTrip(connection: PgConnection): Promise<void> {
    const token = randomBytes(6).toString('hex');
    return new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(
        () => this.ping?.done(new Error('a notification sent to itself did not come back')),
        PING_TIMEOUT_MS,
      );
      timeout.unref();
      this.ping = {
        token,
        done: (error) => {
          clearTimeout(timeout);
          this.ping = undefined;
          if (error) reject(error);
          else resolve();
        },
      };
      connection
        .query('select pg_notify($1, $2)', [this.pingChannel, token])
        .catch((error: Error) => this.ping?.done(error));
    });
  }

  private heartbeat(connection: PgConnection): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.roundTrip(connection).then(
        () => {
          if (this.connection === connection) this.heartbeat(connection);
        },
        (error: Error) => this.lost(connection, error),
      );
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /** The connection failed (or never came): subscribers poll, and we try again shortly. */
  private lost(connection: PgConnection | undefined, error: Error): void {
    if (connection !== this.connection || this.status.state === 'closed') return;
    this.connection = undefined;
    clearTimeout(this.timer);
    this.ping?.done(error);
    void connection?.end().catch(() => undefined);
    this.status = { state: 'down', connects: this.status.connects };
    if (!this.warned)
      this.logger.warn(
        `agent-ready: change notifications (PostgreSQL LISTEN) unavailable: ${error.message}; polling the table until they are back`,
      );
    this.warned = true;
    for (const set of this.subscribers.values())
      for (const subscriber of set) subscriber.onListening(false);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}

/** Shared listeners by database (its connection settings), so a process opens one per database. */
const listeners = new Map<unknown, SharedListener>();

function databaseKey(knex: Knex): unknown {
  const client = knex.client as { config?: { connection?: unknown; searchPath?: unknown } };
  const connection = client.config?.connection;
  // A connection given as a function (a provider) cannot be compared: one per knex then.
  if (typeof connection !== 'string' && (typeof connection !== 'object' || connection === null))
    return knex.client;
  return JSON.stringify([connection, client.config?.searchPath ?? null]);
}

/**
 * Tells `subscriber` of every commit that announced a change of the table whose state table is
 * `stateTable` (PostgreSQL `LISTEN`, see `announceChange`), on one connection per process and
 * database, opened outside knex's pool (it never takes a connection from queries). While that
 * connection is down or not yet proved, `onListening(false)`: poll.
 */
export function listenForChanges(
  knex: Knex,
  stateTable: string,
  subscriber: ChangeSubscriber,
  logger: StoreLogger,
): ChangeSubscription {
  const key = databaseKey(knex);
  let listener = listeners.get(key);
  if (!listener) {
    const created = new SharedListener(logger, () => {
      if (listeners.get(key) === created) listeners.delete(key);
    });
    listeners.set(key, created);
    listener = created;
  }
  const shared = listener;
  shared.subscribe(knex, stateTable, subscriber);
  let closed = false;
  return {
    get status(): ChangeListenerStatus {
      return closed ? { state: 'closed', connects: shared.status.connects } : shared.status;
    },
    close() {
      if (closed) return;
      closed = true;
      shared.unsubscribe(stateTable, subscriber);
    },
  };
}
