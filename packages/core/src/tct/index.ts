export * from './tct-profile';
export * from './build-m-url';
export * from './find-html-markup';
export * from './m-url-path';
export * from './build-sitemap';
export * from './build-policy';
export * from './policy-options';
export * from './discovery-links';
