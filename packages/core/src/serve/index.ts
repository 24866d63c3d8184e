export * from './agent-content-source';
export * from './normalize-request-path';
export * from './create-agent-endpoints';
export * from './agent-site-options';
export * from './robots-txt';
export * from './change-feed';
export * from './page-discovery';
export * from './agent-path';
