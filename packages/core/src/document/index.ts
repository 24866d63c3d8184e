export * from './prepared-document';
