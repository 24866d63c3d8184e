import type { WebLink } from '../http/link-header';
import type { ResponseHeaders } from '../http/served-resource';
import { sitemapIndexPath } from '../tct/build-sitemap';
import { sitemapHeaders, sitemapIndexLinks } from '../tct/discovery-links';
import { gateTctRequest } from '../tct/respond-tct';
import { DEFAULT_SITEMAP_PATH, profileNamed, type TctProfile } from '../tct/tct-profile';
import type { StoredArtifactView } from './agent-content-source';
import { PASS, respondWith, type AgentOutcome, type AgentRequest } from './agent-outcome';
import { SITEMAP_FAMILY, type JsonSitemapDescriptor } from './artifact-descriptor';
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

/**
 * The JSON sitemap (TCT): its shards and their index, each framed by the profile it was composed
 * in (the writer's, as its descriptor says; the site's otherwise): its caching, its links, and
 * its gate (405; -03: 406 when identity is refused).
 */
export function createJsonSitemapEndpoint(context: EndpointContext): JsonSitemapEndpoint {
  const { source } = context;

  /** Formed here from what the table says of the sitemap (its policy URL) and the site's feed. */
  function headersOf(descriptor: JsonSitemapDescriptor, profile: TctProfile): ResponseHeaders {
    const { policyUrl } = descriptor;
    return sitemapHeaders(
      {
        ...(policyUrl !== undefined ? { policyUrl } : {}),
        ...(context.feed ? { changeFeed: changeFeedLink(context.urlFor(CHANGES_PATH)) } : {}),
      },
      profile,
      descriptor.kind,
    );
  }

  return {
    async answer(request, artifact) {
      const { descriptor } = artifact;
      // The router sends only this family here.
      if (descriptor.family !== SITEMAP_FAMILY) return PASS;
      const profile = profileNamed(descriptor.profile, context.profile);
      const refused = gateTctRequest(request, profile);
      if (refused) return respondWith(refused);
      return answerStoredArtifact(context, request, artifact, {
        headers: headersOf(descriptor, profile),
        profile,
      });
    },
    async rootLinks() {
      const urls: string[] = [];
      for (const path of [DEFAULT_SITEMAP_PATH, sitemapIndexPath(DEFAULT_SITEMAP_PATH)]) {
        const descriptor = (await source.artifactMeta(path))?.descriptor;
        if (descriptor?.family === SITEMAP_FAMILY) urls.push(descriptor.url);
      }
      return sitemapIndexLinks(urls, context.profile);
    },
    robotsPaths: [{ pattern: '/llm-sitemap*.json', example: '/llm-sitemap.json' }],
  };
}
