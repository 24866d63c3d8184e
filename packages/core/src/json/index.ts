export * from './canonicalize-json';
