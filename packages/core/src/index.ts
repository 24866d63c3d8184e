export * from './errors';
export * from './crypto';
export * from './json';
export * from './time';
export * from './content';
export * from './uri';
export * from './http';
export * from './tct';
