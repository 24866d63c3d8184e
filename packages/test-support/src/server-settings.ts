export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** The servers every machine of this project runs; overridable for other set-ups. */
export const POSTGRES_URL =
  process.env.AGENT_READY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_CONNECTION = {
  host: process.env.AGENT_READY_MYSQL_HOST ?? '127.0.0.1',
  port: Number(process.env.AGENT_READY_MYSQL_PORT ?? 3306),
  user: process.env.AGENT_READY_MYSQL_USER ?? 'root',
  password: process.env.AGENT_READY_MYSQL_PASSWORD ?? '',
  database: process.env.AGENT_READY_MYSQL_DATABASE ?? 'test',
};
