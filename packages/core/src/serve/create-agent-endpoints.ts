import type { HttpResponse } from '../http/served-resource';
import type { AgentContentSource } from './agent-content-source';
import {
  isSafeMethod,
  observed,
  PASS,
  type AgentOutcome,
  type AgentRequest,
} from './agent-outcome';
import { createPageDecorator, type PageDecoration } from './decorate-page';
import { createEndpointContext, type AgentEndpointsOptions } from './endpoint-context';
import type {
  EndpointFamily,
  FamilyContext,
  FamilyEndpoint,
  ServedFamily,
} from './families/endpoint-family';
import { markdownTwinFamily } from './families/markdown-twin';
import { mUrlFamily } from './families/m-url';
import { endpointFamiliesWith } from './families/registry';
import { ROBOTS_TXT_PATH, robotsTxtFamily } from './families/robots-txt';
import { normalizeRequestPath } from './normalize-request-path';

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
  /**
   * The robots.txt served, as text: `own` (the app's own robots.txt, `''` for none) kept as
   * written with the configured rules merged in, plus the AI usage rules in its `*` group, a
   * comment on blocked agent paths and the Sitemap lines.
   */
  robotsTxt(own: string): Promise<string>;
  /**
   * Whether `request` is a `GET`/`HEAD` of `/robots.txt` on a site that adds its lines there
   * (`robotsTxt` set): an adapter then lets the app answer first and sends `answerRobotsTxt`
   * with what the app said.
   */
  wantsRobotsTxt(request: AgentRequest): boolean;
  /**
   * `/robots.txt` composed onto the app's own (`own`; `undefined` when the app has none), with
   * its validators and conditional requests, counted as robots.txt.
   */
  answerRobotsTxt(request: AgentRequest, own: string | undefined): Promise<AgentOutcome>;
}

/** What an extension adds to the registry's families (see `createAgentEndpoints`). */
export interface AgentEndpointsExtension {
  /**
   * Stored families beyond the registry's: each serves the artifacts of its `artifacts` family,
   * built by a builder the store pairs with it (the store's `storedFamilies` option).
   */
  storedFamilies?: readonly EndpointFamily[];
}

/**
 * Every agent endpoint as framework-free handlers over an `AgentContentSource`: request in,
 * status + headers + body out. Each family of the registry makes its endpoint (or none, when the
 * site does not serve it); the router only dispatches, in the order of the families' routes:
 * M-URLs by their suffix, then paths of their own (the policy, the change feed…), then stored
 * artifacts by name to their family, then what is left to the Markdown twins. Each family
 * decides and answers its own requests; the metrics count them by the family's kind. Express
 * and Koa adapters only copy the result. An extension's stored families (`extension.storedFamilies`)
 * are made after the registry's and routed as theirs are.
 */
export function createAgentEndpoints(
  source: AgentContentSource,
  options: AgentEndpointsOptions,
  extension: AgentEndpointsExtension = {},
): AgentEndpoints {
  const served: ServedFamily[] = [];
  const context: FamilyContext = {
    ...createEndpointContext(source, options),
    served: () => served,
  };
  for (const family of endpointFamiliesWith(extension.storedFamilies)) {
    const endpoint = family.create(context);
    if (endpoint) served.push({ family, endpoint });
  }
  const endpointOf = <E extends FamilyEndpoint>(family: {
    create(c: FamilyContext): E | undefined;
  }) => served.find((entry) => entry.family === family)!.endpoint as E;
  const mUrl = endpointOf(mUrlFamily);
  const twin = endpointOf(markdownTwinFamily);
  const robots = endpointOf(robotsTxtFamily);

  const bySuffix = served.filter(({ family }) => family.route.by === 'suffix');
  const byPath = new Map(
    served.flatMap((entry) =>
      entry.family.route.by === 'path' && entry.endpoint.path !== undefined
        ? [[entry.endpoint.path, entry] as const]
        : [],
    ),
  );
  const byArtifact = new Map(
    served.flatMap((entry) =>
      entry.family.route.by === 'artifact' && entry.family.artifacts
        ? [[entry.family.artifacts.name, entry] as const]
        : [],
    ),
  );
  const fallback = served.filter(({ family }) => family.route.by === 'fallback');

  async function route(request: AgentRequest): Promise<AgentOutcome> {
    const target = normalizeRequestPath(request.target);
    if (!target.ok)
      return observed(mUrl.answerBadTarget(request, target.status), mUrlFamily.metricsKind);
    const path = target.path;
    const suffixed = bySuffix.find(({ endpoint }) => endpoint.owns?.(path));
    if (suffixed)
      return observed(
        await suffixed.endpoint.answer(request, { path }),
        suffixed.family.metricsKind,
      );
    const fixed = byPath.get(path);
    if (fixed)
      return observed(await fixed.endpoint.answer(request, { path }), fixed.family.metricsKind);
    const artifact = await source.artifactMeta(path);
    const stored = artifact && byArtifact.get(artifact.descriptor.family);
    if (stored)
      return observed(
        await stored.endpoint.answer(request, { path, artifact }),
        stored.family.metricsKind,
      );
    for (const { family, endpoint } of fallback) {
      const outcome = await endpoint.answer(request, { path });
      if (outcome.kind !== 'pass') return observed(outcome, family.metricsKind);
    }
    return PASS;
  }

  return {
    handle: route,
    handleCached: mUrl.answerCached,
    decoratePage: createPageDecorator(context, () => served),
    urlFor: context.urlFor,
    negotiatePage: twin.negotiate,
    robotsTxt: robots.compose,
    wantsRobotsTxt(request) {
      if (!context.options.robotsTxt || !isSafeMethod(request.method)) return false;
      const target = normalizeRequestPath(request.target);
      return target.ok && target.path === ROBOTS_TXT_PATH;
    },
    answerRobotsTxt: async (request, own) =>
      observed(await robots.answerComposed(request, own), robotsTxtFamily.metricsKind),
  };
}
