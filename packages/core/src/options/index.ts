export * from './option-schemas';
export * from './parse-options';
export * from './format-field-path';
export * from './suggest-known-key';
export * from './render-options-table';
