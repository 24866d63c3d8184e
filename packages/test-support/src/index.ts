export * from './conformance';
export * from './databases';
