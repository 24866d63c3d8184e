export * from './purger';
export * from './varnish-purger';
export * from './fastly-purger';
export * from './cloudflare-purger';
export * from './webhook-purger';
export * from './purger-options';
export * from './purge-outbox';
export * from './purge-delivery';
