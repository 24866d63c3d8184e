export * from './rfc3339';
