export * from './prepared-document';
export * from './agent-document';
export * from './prepare-document';
export * from './document-validators';
