import type { WebLink } from '../http/link-header';
import type { ResponseHeaders } from '../http/served-resource';
import { sitemapIndexPath } from '../tct/build-sitemap';
import { sitemapHeaders, sitemapIndexLinks } from '../tct/discovery-links';
import { DEFAULT_SITEMAP_PATH } from '../tct/tct-profile';
import type { StoredArtifactView } from './agent-content-source';
import type { AgentOutcome, AgentRequest } from './agent-outcome';
import { SITEMAP_FAMILY } from './artifact-descriptor';
import { CHANGES_PATH, changeFeedLink } from './change-feed';
import type { EndpointContext } from './endpoint-context';
import type { AgentPathPattern } from './robots-txt';
import { answerStoredArtifact } from './serve-stored-artifact';

export interface JsonSitemapEndpoint {
  answer(request: AgentRequest, artifact: StoredArtifactView): Promise<AgentOutcome>;
  /**
   * The links the site root carries: the first shard (the overview item leads it) and, on a
   * sharded site, the index that lists every shard with its hash. Not every shard: with small
   * shards a big site has hundreds, more than a Link field should carry.
   */
  rootLinks(): Promise<WebLink[]>;
  readonly robotsPaths: readonly AgentPathPattern[];
}

/** The JSON sitemap (TCT): its shards and their index, with the profile's caching and links. */
export function createJsonSitemapEndpoint(context: EndpointContext): JsonSitemapEndpoint {
  const { source, profile } = context;

  /** Formed here from what the table says of the sitemap (its policy URL) and the site's feed. */
  function headersOf(artifact: StoredArtifactView): ResponseHeaders {
    const { descriptor } = artifact;
    const policyUrl = descriptor.family === SITEMAP_FAMILY ? descriptor.policyUrl : undefined;
    return sitemapHeaders(
      {
        ...(policyUrl !== undefined ? { policyUrl } : {}),
        ...(context.feed ? { changeFeed: changeFeedLink(context.urlFor(CHANGES_PATH)) } : {}),
      },
      profile,
    );
  }

  return {
    answer: (request, artifact) =>
      answerStoredArtifact(context, request, artifact, { headers: headersOf(artifact) }),
    async rootLinks() {
      const urls: string[] = [];
      for (const path of [DEFAULT_SITEMAP_PATH, sitemapIndexPath(DEFAULT_SITEMAP_PATH)]) {
        const descriptor = (await source.artifactMeta(path))?.descriptor;
        if (descriptor?.family === SITEMAP_FAMILY) urls.push(descriptor.url);
      }
      return sitemapIndexLinks(urls, profile);
    },
    robotsPaths: [{ pattern: '/llm-sitemap*.json', example: '/llm-sitemap.json' }],
  };
}
