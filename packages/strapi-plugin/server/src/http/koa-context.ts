import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** The part of a Koa context (Koa 2, as Strapi 5 runs it) the adapter uses. */
export interface KoaContext {
  method: string;
  /** Path and query as received. */
  originalUrl: string;
  /** Absolute URL as received (protocol, Host, original URL): what a request signature covers. */
  href: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The client's address: behind a proxy Strapi trusts (`server.proxy`), the forwarded one. */
  ip?: string;
  /** Node's response under Koa's. */
  res: ServerResponse;
  status: number;
  body: unknown;
  /** Read by koa-compress (`strapi::compression`): false keeps a response as it is. */
  compress?: boolean;
  /** A response header as set so far (`''` when none). */
  get(field: string): string;
  set(field: string, value: string): void;
  append(field: string, value: string): void;
  remove(field: string): void;
  vary(field: string): void;
}

export type KoaNext = () => Promise<unknown>;
export type KoaMiddleware = (ctx: KoaContext, next: KoaNext) => Promise<void>;

/** The part of Koa's application the plugin uses: a context for a request Koa has not seen. */
export interface KoaApplication {
  createContext(req: IncomingMessage, res: ServerResponse): { ip: string };
}
