export * from './errors';
export * from './crypto';
export * from './json';
export * from './content';
export * from './uri';
export * from './scp';
