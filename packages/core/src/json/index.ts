export * from './canonicalize-json';
export * from './check-json-limits';
