export * from './conformance';
