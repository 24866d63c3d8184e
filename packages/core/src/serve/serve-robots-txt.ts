import { validatorsOfBytes } from '../http/representation-validators';
import { respondWithResource } from '../http/served-resource';
import { robotsUsageLines } from '../usage/content-usage';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from './agent-outcome';
import type { EndpointContext } from './endpoint-context';
import { buildRobotsTxt, type AgentPathPattern } from './robots-txt';
import { REVALIDATE_HEADERS } from './serve-stored-artifact';

export const ROBOTS_TXT_PATH = '/robots.txt';

export interface RobotsTxtEndpoint {
  /** A robots.txt: `rules` kept exactly, plus a comment on blocked agent paths and Sitemap lines. */
  compose(rules: string): Promise<string>;
  /** `/robots.txt` from the configured rules (when the app has none of its own). */
  answer(request: AgentRequest): Promise<AgentOutcome>;
}

/** What robots.txt says of the site's agent endpoints: the families tell their paths. */
export interface RobotsTxtSources {
  /** The agent endpoints this site serves, as patterns a robots.txt must not block by accident. */
  agentPaths(): Promise<AgentPathPattern[]>;
  /** sitemaps.org XML sitemaps, the only ones `Sitemap:` lines may name (RFC 9309 §2.2.4). */
  xmlSitemapUrls(): Promise<string[]>;
}

export function createRobotsTxtEndpoint(
  context: EndpointContext,
  sources: RobotsTxtSources,
): RobotsTxtEndpoint {
  const { options, source } = context;
  async function composeWith(rules: string, sitemapUrls: string[]): Promise<string> {
    return buildRobotsTxt({
      rules,
      sitemapUrls,
      agentPaths: await sources.agentPaths(),
      extraLines: robotsUsageLines(options.usage),
    }).text;
  }
  return {
    compose: async (rules) => composeWith(rules, await sources.xmlSitemapUrls()),
    async answer(request) {
      if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
      const artifacts = await source.listArtifacts();
      const sitemaps = await sources.xmlSitemapUrls();
      const rules = (options.robotsTxt && options.robotsTxt.rules) || '';
      const body = Buffer.from(await composeWith(rules, sitemaps), 'utf8');
      // As new as the newest artifact: the Sitemap lines and agent paths follow them.
      const newest = Math.max(0, ...artifacts.map((a) => a.lastModified.getTime()));
      const { etag, contentDigest } = validatorsOfBytes(body);
      return respondWith(
        respondWithResource(request, {
          body,
          etag,
          contentDigest,
          lastModified: new Date(newest),
          contentType: 'text/plain; charset=utf-8',
          headers: REVALIDATE_HEADERS,
        }),
      );
    },
  };
}
