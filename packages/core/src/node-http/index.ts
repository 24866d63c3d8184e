export * from './write-node-response';
