import { createServer, connect, type Server, type Socket } from 'node:net';
import { databaseConfig } from './databases';
import { POSTGRES_URL } from './server-settings';

/**
 * A TCP proxy in front of a database server, so a test can make the database "go away" for
 * real (connections reset mid-query, new connections refused) and come back.
 */
export interface TcpProxy {
  port: number;
  /** Destroys every open connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let up = true;
  const server: Server = createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The test file's PostgreSQL schema (`databaseConfig`) reached through a proxy the test can cut,
 * with short connect and acquire timeouts, so an outage fails fast and typed.
 */
export async function proxiedPostgres(): Promise<{
  proxy: TcpProxy;
  database: {
    client: 'postgres';
    connection: { connectionString: string; connectionTimeoutMillis: number };
    pool: { min: number; max: number; acquireTimeoutMillis: number };
  };
}> {
  const server = new URL(POSTGRES_URL);
  const proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
  const through = new URL((databaseConfig('postgres') as { connection: string }).connection);
  through.port = String(proxy.port);
  return {
    proxy,
    database: {
      client: 'postgres',
      connection: { connectionString: through.toString(), connectionTimeoutMillis: 1500 },
      pool: { min: 0, max: 4, acquireTimeoutMillis: 3000 },
    },
  };
}
