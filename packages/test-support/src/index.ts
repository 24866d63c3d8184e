export * from './conformance';
export * from './databases';
export * from './tcp-proxy';
export * from './signing-agent';
