export * from './http-date';
export * from './entity-tag';
export * from './request-headers';
export * from './evaluate-conditional';
export * from './link-header';
export * from './json-resource';
export * from './served-resource';
export * from './negotiate-markdown';
