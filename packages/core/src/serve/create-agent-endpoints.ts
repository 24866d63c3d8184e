import type { HttpResponse } from '../http/served-resource';
import type { EndpointKind } from '../metrics/metrics-recorder';
import type { AgentContentSource, StoredArtifactView } from './agent-content-source';
import { observed, type AgentOutcome, type AgentRequest } from './agent-outcome';
import {
  type ArtifactFamily,
  LLMINDEX_FAMILY,
  LLMS_TXT_FAMILY,
  SCP_FAMILY,
  SITEMAP_FAMILY,
} from './artifact-descriptor';
import { CHANGES_PATH } from './change-feed';
import { createPageDecorator, type PageDecoration } from './decorate-page';
import { createEndpointContext, type AgentEndpointsOptions } from './endpoint-context';
import { normalizeRequestPath } from './normalize-request-path';
import type { AgentPathPattern } from './robots-txt';
import { createChangeFeedEndpoint } from './serve-change-feed';
import { createJsonSitemapEndpoint } from './serve-json-sitemap';
import { createLlmindexEndpoint } from './serve-llmindex';
import { createLlmsTxtEndpoint } from './serve-llms-txt';
import { createMarkdownTwinEndpoint } from './serve-markdown-twin';
import { createMUrlEndpoint } from './serve-m-url';
import { createPolicyEndpoint, POLICY_PATH } from './serve-policy';
import { createRobotsTxtEndpoint, ROBOTS_TXT_PATH } from './serve-robots-txt';
import { createScpEndpoint } from './serve-scp';
import { createStatsEndpoint, STATS_PATH } from './serve-stats';

export interface AgentEndpoints {
  handle(request: AgentRequest): Promise<AgentOutcome>;
  /**
   * The answer for a public M-URL whose row is already cached and fresh, computed synchronously
   * (no await on the hot path); `undefined` means: use `handle`.
   */
  handleCached(request: AgentRequest): HttpResponse | undefined;
  /**
   * What an HTML page at `path` gets (the app answers it): its discovery links, as `Link` and
   * `<link>` tags, `Content-Usage`, `Vary: Accept` when it has a Markdown twin, and the llms.txt
   * notice for its body. Both adapters decorate pages with it.
   */
  decoratePage(path: string): Promise<PageDecoration>;
  /** Absolute URL of a path on the public origin, normalized. */
  urlFor(path: string): string;
  /**
   * For a page request whose `Accept` prefers `text/markdown` (by q-value), the page's Markdown
   * twin (with `Vary: Accept`); `undefined` for HTML (the default) or a page without a document.
   */
  negotiatePage(request: AgentRequest): Promise<AgentOutcome | undefined>;
  /** A robots.txt: `rules` kept exactly, plus a comment on blocked agent paths and Sitemap lines. */
  robotsTxt(rules: string): Promise<string>;
}

/** An answer and what the metrics count it as. */
interface Routed {
  kind: EndpointKind;
  answer(request: AgentRequest): Promise<AgentOutcome> | AgentOutcome;
}

/**
 * Every agent endpoint as framework-free handlers over an `AgentContentSource`: request in,
 * status + headers + body out. The router only dispatches by path: M-URLs by their suffix, the
 * fixed paths (policy, robots.txt, stats, change feed), stored artifacts by name to their
 * family's module, Markdown twins; each family decides and answers its own requests. Express
 * and Koa adapters only copy the result.
 */
export function createAgentEndpoints(
  source: AgentContentSource,
  options: AgentEndpointsOptions,
): AgentEndpoints {
  const context = createEndpointContext(source, options);
  const mUrl = createMUrlEndpoint(context);
  const sitemap = createJsonSitemapEndpoint(context);
  const llmsTxt = createLlmsTxtEndpoint(context);
  const scp = createScpEndpoint(context);
  const llmindex = createLlmindexEndpoint(context);
  const twin = createMarkdownTwinEndpoint(context, llmsTxt);
  const policy = options.policy ? createPolicyEndpoint(context, options.policy) : undefined;
  const stats = options.stats ? createStatsEndpoint(context, options.stats) : undefined;
  const feed = context.feed ? createChangeFeedEndpoint(context, context.feed) : undefined;

  /** Stored artifacts: the module of each family, and the kind the metrics count. */
  const artifactFamilies: Record<
    ArtifactFamily,
    {
      kind: EndpointKind;
      answer(request: AgentRequest, artifact: StoredArtifactView): Promise<AgentOutcome>;
      robotsPaths: readonly AgentPathPattern[];
    }
  > = {
    // The JSON sitemap stands for the M-URLs and twins it lists: robots.txt must let them through.
    [SITEMAP_FAMILY]: {
      kind: 'sitemap',
      answer: sitemap.answer,
      robotsPaths: [...sitemap.robotsPaths, ...mUrl.robotsPaths, ...twin.robotsPaths],
    },
    [LLMS_TXT_FAMILY]: { kind: 'llms-txt', ...llmsTxt },
    [SCP_FAMILY]: { kind: 'scp', ...scp },
    [LLMINDEX_FAMILY]: { kind: 'llmindex', ...llmindex },
  };

  /** The agent endpoints this site serves, as patterns a robots.txt must not block by accident. */
  async function agentPaths(): Promise<AgentPathPattern[]> {
    const families = new Set<ArtifactFamily>(
      (await source.listArtifacts()).map((a) => a.descriptor.family),
    );
    families.add(SITEMAP_FAMILY);
    const paths = [...families].flatMap((family) => artifactFamilies[family].robotsPaths);
    if (policy) paths.push({ pattern: POLICY_PATH, example: POLICY_PATH });
    if (feed) paths.push({ pattern: CHANGES_PATH, example: CHANGES_PATH });
    return paths;
  }
  const robots = createRobotsTxtEndpoint(context, {
    agentPaths,
    xmlSitemapUrls: scp.xmlSitemapUrls,
  });

  /** Endpoints at fixed paths, present only when the site has them. */
  const fixed = new Map<string, Routed>();
  if (policy) fixed.set(POLICY_PATH, { kind: 'policy', answer: policy.answer });
  if (options.robotsTxt && !options.robotsTxt.augment)
    fixed.set(ROBOTS_TXT_PATH, { kind: 'robots', answer: robots.answer });
  if (stats) fixed.set(STATS_PATH, { kind: 'stats', answer: stats.answer });
  // The change feed is counted with the sitemaps: it is how agents follow them.
  if (feed) fixed.set(CHANGES_PATH, { kind: 'sitemap', answer: feed.answer });

  async function route(request: AgentRequest): Promise<AgentOutcome> {
    const target = normalizeRequestPath(request.target);
    if (!target.ok) return observed(mUrl.answerBadTarget(request, target.status), 'm-url');
    const path = target.path;
    if (mUrl.owns(path)) return observed(await mUrl.answer(request, path), 'm-url');
    const at = fixed.get(path);
    if (at) return observed(await at.answer(request), at.kind);
    const artifact = await source.artifactMeta(path);
    if (artifact) {
      const family = artifactFamilies[artifact.descriptor.family];
      return observed(await family.answer(request, artifact), family.kind);
    }
    return observed(await twin.answer(request, path), 'markdown');
  }

  return {
    handle: route,
    handleCached: mUrl.answerCached,
    decoratePage: createPageDecorator(context, { sitemap, llmsTxt }),
    urlFor: context.urlFor,
    negotiatePage: twin.negotiate,
    robotsTxt: robots.compose,
  };
}
