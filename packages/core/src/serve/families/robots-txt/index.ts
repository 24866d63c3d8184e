import { validatorsOfBytes } from '../../../http/representation-validators';
import { respondWithResource } from '../../../http/served-resource';
import { robotsUsageLines } from '../../../usage/content-usage';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from '../../agent-outcome';
import type {
  AgentPathPattern,
  EndpointFamily,
  FamilyContext,
  FamilyEndpoint,
} from '../endpoint-family';
import { keptUntilPurged, oneFormPolicy, REVALIDATE } from '../header-policy';
import { buildRobotsTxt } from './compose-robots-txt';

export const ROBOTS_TXT_PATH = '/robots.txt';

/**
 * A first look cheap enough for every request, before the exact check (`wantsRobotsTxt`, which
 * normalizes): whether `target` may name `/robots.txt`. Only a percent-encoding can make another
 * path normalize to it (a dot segment is refused), so the path starts with `/r` or `/%`.
 */
export function mayNameRobotsTxt(target: string): boolean {
  const second = target.charCodeAt(1);
  return target.charCodeAt(0) === 0x2f && (second === 0x72 || second === 0x52 || second === 0x25);
}

const headers = oneFormPolicy(
  // Its Sitemap lines and agent paths follow the artifacts: revalidated each time.
  { cacheControl: REVALIDATE, vary: 'Accept-Encoding' },
  {
    applies: false,
    because:
      "robots.txt states the site's preferences in its body (`Content-Usage:` lines, AIPREF); a header would speak of the robots.txt file itself",
  },
  keptUntilPurged(
    'robots-txt',
    'kept until purged; purged when the site settings change or an install adds or drops a file',
  ),
);

export interface RobotsTxtEndpoint extends FamilyEndpoint {
  /**
   * The robots.txt served, as text: `own` (the app's own robots.txt, `''` for none) with the
   * configured rules merged in, the rules for every crawler in its `*` group, a comment on
   * blocked agent paths and the `Sitemap:` lines (buildRobotsTxt).
   */
  compose(own: string): Promise<string>;
  /**
   * `/robots.txt` composed onto what the app answers there (`own`; `undefined`: the app has
   * none), with its validators: what an adapter sends after asking the app first.
   */
  answerComposed(request: AgentRequest, own: string | undefined): Promise<AgentOutcome>;
}

/**
 * robots.txt for the site's agent endpoints: the app's own robots.txt and the configured rules
 * (`robotsTxt: { rules }`) merged, the site's AI usage preferences in the `User-agent: *` group,
 * a comment when the rules block an agent path, and `Sitemap:` lines (docs/protocols.md#robots-txt).
 * The adapters ask the app for its own first (`answerComposed`); asked directly (a CMS that is
 * not the app), the configured rules are all there is.
 */
function createRobotsTxtEndpoint(context: FamilyContext): RobotsTxtEndpoint {
  const { options, source } = context;

  /** The agent endpoints this site serves, as patterns a robots.txt must not block by accident. */
  async function agentPaths(): Promise<AgentPathPattern[]> {
    const built = new Set<string>((await source.listArtifacts()).map((a) => a.descriptor.family));
    return context
      .served()
      .filter(
        ({ family }) =>
          family.robotsListing === 'when-served' ||
          (family.artifacts !== undefined && built.has(family.artifacts.name)),
      )
      .flatMap(({ endpoint }) => endpoint.robotsPaths);
  }

  /** sitemaps.org XML sitemaps, the only ones `Sitemap:` lines may name (RFC 9309 §2.2.4). */
  async function xmlSitemapUrls(): Promise<string[]> {
    const urls: string[] = [];
    for (const { endpoint } of context.served())
      if (endpoint.xmlSitemapUrls) urls.push(...(await endpoint.xmlSitemapUrls()));
    return urls;
  }

  async function compose(own: string): Promise<string> {
    return buildRobotsTxt({
      own,
      rules: (options.robotsTxt && options.robotsTxt.rules) || '',
      sitemapUrls: await xmlSitemapUrls(),
      agentPaths: await agentPaths(),
      everyAgent: robotsUsageLines(options.usage),
    }).text;
  }

  async function answerComposed(
    request: AgentRequest,
    own: string | undefined,
  ): Promise<AgentOutcome> {
    if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
    const artifacts = await source.listArtifacts();
    const body = Buffer.from(await compose(own ?? ''), 'utf8');
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
        headers: context.policyHeaders(headers, headers.forms.response, { path: ROBOTS_TXT_PATH }),
      }),
    );
  }

  return {
    // Served only from configured rules; with `augment` the app serves its own, composed here.
    ...(options.robotsTxt && !options.robotsTxt.augment ? { path: ROBOTS_TXT_PATH } : {}),
    answer: (request) => answerComposed(request, undefined),
    answerComposed,
    compose,
    robotsPaths: [],
  };
}

export const robotsTxtFamily: EndpointFamily<RobotsTxtEndpoint> = {
  name: 'robots-txt',
  title: 'robots.txt',
  serving: 'live',
  paths: [
    "`/robots.txt` (`robotsTxt`): the app's own with our lines added (the adapters ask the app first)",
  ],
  contentType: '`text/plain; charset=utf-8`',
  claims: (path, options) =>
    Boolean(options.robotsTxt && !options.robotsTxt.augment && path === ROBOTS_TXT_PATH),
  route: { by: 'path' },
  metricsKind: 'robots',
  enabledBy: { option: 'robotsTxt', default: 'off' },
  robotsListing: 'when-served',
  headers,
  create: createRobotsTxtEndpoint,
};
