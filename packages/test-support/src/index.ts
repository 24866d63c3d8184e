export * from './conformance';
export * from './databases';
export * from './free-port';
export * from './tcp-proxy';
export * from './signing-agent';
export { propertyRuns, FUZZING } from './property-runs';
export {
  uniqueServerName,
  createPostgresDatabase,
  dropPostgresDatabase,
  TEST_NAMESPACE_ENV,
} from './test-namespace';
export { waitForState } from './wait-for-state';
export { checkGeneratedReadme, UPDATE_README_ENV } from './check-generated-readme';
export {
  dualPackageExports,
  exportedSurface,
  packageExportsOf,
  publicSurfaceChanges,
  surfaceUnion,
  TEST_SUPPORT_MODULE,
  UPDATE_SURFACE_ENV,
  type Surface,
  describePublicSurface,
  type PinnedPackage,
} from './public-surface';
export * from './varnish';
export * from './s3-emulator';
export * from './purge-receiver';
export * from './differential';
export * from './relevance/relevance-corpus';
export * from './redis';
