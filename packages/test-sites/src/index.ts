export {
  bootExpressSite,
  homeAndPosts,
  UPSTREAM_HEADER,
  type BootOptions,
  type TestSite,
} from './boot-express-site';
export {
  fakeHash,
  fetchUpstream,
  ignoreIfNoneMatch,
  isMUrl,
  isSitemap,
  refuse304OnNoCache,
  resourceOf,
  rewriteBody,
  rewriteResource,
  rewriteSitemap,
  type Upstream,
} from './corrupt-responses';
export { lagMUrls, type LaggingMUrls } from './lag-m-urls';
