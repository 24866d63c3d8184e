export * from './prepared-document';
export * from './agent-document';
export {
  documentRenderKey,
  prepareDocument,
  type PrepareDocumentOptions,
} from './prepare-document';
export { documentValidators, type StoredDocumentValidators } from './document-validators';
