// The root entry: every area's public surface at once, for code that uses several (the
// adapters, the store). Each area is also an entry of its own, `@agent-ready/core/<area>`
// (package.json `exports`), which loads only that area and what it builds on.
export * from './errors';
export * from './crypto';
export * from './json';
export * from './time';
export * from './content';
export * from './uri';
export * from './http';
export * from './node-http';
export * from './tct';
export * from './document';
export * from './llmstxt';
export * from './llmindex';
export * from './text';
export * from './scp';
export * from './serve';
export * from './options';
export * from './metrics';
export * from './usage';
export * from './bot-identity';
