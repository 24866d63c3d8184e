import { formatLinkHeader, type WebLink } from '../../../http/link-header';
import { sitemapIndexPath } from '../../../tct/build-sitemap';
import { sitemapIndexLinks, sitemapLinks } from '../../../tct/discovery-links';
import { gateTctRequest } from '../../respond-tct';
import { DEFAULT_SITEMAP_PATH, profileNamed } from '../../../tct/tct-profile';
import { PASS, respondWith } from '../../agent-outcome';
import { answerStoredArtifact } from '../answer-stored-artifact';
import { CHANGES_PATH, changeFeedLink } from '../change-feed/read-change-feed';
import { pathCacheTag } from '../../edge/cache-tags';
import {
  type EndpointFamily,
  type FamilyContext,
  type FamilyEndpoint,
  TCT_PROFILE_CONTENT_TYPE,
} from '../endpoint-family';
import { keptUntilPurged, oneFormPolicy } from '../header-policy';
import { jsonSitemapArtifacts, SITEMAP_FAMILY } from './json-sitemap-descriptor';

/** `/llm-sitemap.json`, its shards `/llm-sitemap-2.json`… and their index `/llm-sitemap-index.json`. */
const SITEMAP_DOCUMENT = /^\/llm-sitemap(?:-[0-9]+|-index)?\.json$/;

const headers = oneFormPolicy(
  // It agrees with the M-URLs at every commit: a cached sitemap would hand agents hints older
  // than the documents, so it revalidates like an M-URL.
  { cacheControl: { fromProfile: 'sitemapCacheControl' }, vary: 'Accept-Encoding' },
  { applies: 'site' },
  keptUntilPurged(
    'json-sitemap',
    'kept until purged; tag: the shard or the index (by path), purged by every commit that moves the shard',
    ({ path }) => [pathCacheTag(path)],
  ),
);

/**
 * The JSON sitemap (TCT): its shards and their index, each framed by the profile it was composed
 * in (the writer's, as its descriptor says; the site's otherwise): its caching, its links, and
 * its gate (405; -03: 406 when identity is refused).
 */
function createJsonSitemapEndpoint(context: FamilyContext): FamilyEndpoint {
  const { source } = context;
  const indexPath = sitemapIndexPath(DEFAULT_SITEMAP_PATH);

  /** The index's URL, when the sitemap is sharded (only then is there an index). */
  async function indexUrl(): Promise<string | undefined> {
    const descriptor = (await source.artifactMeta(indexPath))?.descriptor;
    return descriptor?.family === SITEMAP_FAMILY ? descriptor.url : undefined;
  }

  return {
    async answer(request, { artifact }) {
      const descriptor = artifact?.descriptor;
      // The router sends only this family here.
      if (!artifact || descriptor?.family !== SITEMAP_FAMILY) return PASS;
      const profile = profileNamed(descriptor.profile, context.profile);
      const refused = gateTctRequest(request, profile);
      if (refused) return respondWith(refused);
      // Every shard of a sharded site leads to the index (`rel="index"`, as the root links it),
      // so an agent that reads only `/llm-sitemap.json`, where TCT clients start, finds the
      // other shards (docs/protocols.md#tct-sitemap).
      const index = descriptor.kind === 'shard' ? await indexUrl() : undefined;
      const links = sitemapLinks(
        {
          ...(descriptor.policyUrl !== undefined ? { policyUrl: descriptor.policyUrl } : {}),
          ...(context.feed ? { changeFeed: changeFeedLink(context.urlFor(CHANGES_PATH)) } : {}),
          ...(index !== undefined ? { indexUrl: index } : {}),
        },
        profile,
        descriptor.kind,
      );
      return answerStoredArtifact(context, request, artifact, {
        contentType: jsonSitemapArtifacts.contentType(descriptor, profile),
        headers: context.policyHeaders(headers, headers.forms.response, {
          path: artifact.name,
          profile,
          ...(links.length > 0 ? { link: formatLinkHeader(links) } : {}),
        }),
      });
    },
    robotsPaths: [{ pattern: '/llm-sitemap*.json', example: '/llm-sitemap.json' }],
    /**
     * The site root links the first shard (the overview item leads it) and, on a sharded site,
     * the index that lists every shard with its hash. Not every shard: with small shards a big
     * site has hundreds, more than a Link field should carry.
     */
    async pageLinks({ isRoot }): Promise<WebLink[]> {
      if (!isRoot) return [];
      const urls: string[] = [];
      for (const path of [DEFAULT_SITEMAP_PATH, indexPath]) {
        const descriptor = (await source.artifactMeta(path))?.descriptor;
        if (descriptor?.family === SITEMAP_FAMILY) urls.push(descriptor.url);
      }
      return sitemapIndexLinks(urls, context.profile);
    },
  };
}

export const jsonSitemapFamily: EndpointFamily = {
  name: 'json-sitemap',
  title: 'JSON sitemap (TCT M-Sitemap)',
  // Stored as artifacts to the endpoints; the store composes each shard from its rows when asked
  // (cached per shard version), so it agrees with the M-URLs at every commit.
  serving: 'stored',
  paths: ['`/llm-sitemap.json`', '`/llm-sitemap-<n>.json`', '`/llm-sitemap-index.json`'],
  contentType: TCT_PROFILE_CONTENT_TYPE,
  claims: (path) => SITEMAP_DOCUMENT.test(path),
  route: { by: 'artifact' },
  metricsKind: 'sitemap',
  enabledBy: { always: true, option: 'sitemap' },
  robotsListing: 'when-served',
  headers,
  artifacts: jsonSitemapArtifacts,
  listing: {
    label: 'TCT sitemap',
    start: async () => ({ path: DEFAULT_SITEMAP_PATH }),
  },
  create: createJsonSitemapEndpoint,
};
