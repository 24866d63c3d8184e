import { ValidationError } from '../errors';
import type { ResponseHeaders } from '../http/served-resource';
import type { PolicyOptions } from '../tct/policy-options';
import {
  assertMUrlScheme,
  DEFAULT_M_URL_SCHEME,
  mUrlFor,
  type MUrlScheme,
} from '../tct/m-url-path';
import { TCT_1, type TctProfile } from '../tct/tct-profile';
import { normalizeUri, parseUri } from '../uri';
import {
  formatContentUsage,
  overlayContentUsage,
  type UsagePreferences,
} from '../usage/content-usage';
import type { AgentContentSource } from './agent-content-source';
import { checkCacheKeyPrefix } from './edge/cache-tags';
import type { ChangeFeedSource } from './families/change-feed/read-change-feed';
import {
  formHeaders,
  NO_SNIFF,
  sharedCacheHeaders,
  type EdgeHeaderSettings,
  type HeaderForm,
  type HeaderPolicy,
} from './families/header-policy';
import { normalizeRequestPath } from './normalize-request-path';

export interface AgentEndpointsOptions {
  /** Public origin of the site, e.g. `https://example.com`. */
  origin: string;
  mUrl?: MUrlScheme;
  /**
   * The TCT wire profile the site serves: M-URL, Markdown twin, sitemap and policy take their
   * content type, caching and link types from it. `TCT_1` (the default) is the only one today.
   */
  profile?: TctProfile;
  /** The `tct-policy-1` descriptor at /llm-policy.json; off unless given. */
  policy?: PolicyOptions | false;
  /**
   * Which responses go through the app's own access check first: `protected-documents` (default)
   * for documents stored with visibility `protected`; `all` for every M-URL and listing too.
   */
  protect?: 'protected-documents' | 'all';
  /**
   * Serve `/robots.txt`: the site's own rules exactly as given, then a `Sitemap:` line for the
   * SCP sitemap.xml (sitemaps.org XML only). Off unless given.
   */
  robotsTxt?: { rules?: string; augment?: boolean } | false;
  /** AI usage preferences: `Content-Usage` on every response, lines in robots.txt. */
  usage?: UsagePreferences;
  /**
   * `/llm-stats.json`: aggregate serving metrics (needs a source with `readMetrics`). `public`,
   * or `protected` (through the app's access check). Off unless given.
   */
  stats?: 'public' | 'protected' | false;
  /**
   * Start every Markdown twin with a line pointing to the site's llms.txt (as pages carry the
   * notice). Default true; needs llms.txt to be served.
   */
  llmsTxtNotice?: boolean;
  /**
   * Shared caches (docs/edge.md): given only where a purger keeps them right (the store's `edge`
   * option), every agent response carries cache tags, and purgeable families a shared lifetime
   * (`Surrogate-Control`, `CDN-Cache-Control`). Absent: no shared-cache header at all.
   */
  edge?: EdgeHeaderSettings;
}

/** What a family's policy headers are formed for (see `policyHeaders`). */
export interface PolicyResponse {
  /** The response's path on the site (what shared caches are told about). */
  path: string;
  /** The TCT profile the bytes are in, when not the site's (a row of the writer's). */
  profile?: TctProfile;
  /** The `Link` field value, when the response has links. */
  link?: string;
  extra?: ResponseHeaders;
  /** The document's own usage terms, for a policy that applies the document's. */
  documentUsage?: string | null;
  /** The document shown (source id and locale): its cache tag. */
  document?: { key: string; locale: string };
}

/** What every endpoint family of one site shares: its source, origin, profile and settings. */
export interface EndpointContext {
  readonly source: AgentContentSource;
  readonly options: AgentEndpointsOptions;
  /** `scheme://host[:port]`, normalized. */
  readonly origin: string;
  readonly profile: TctProfile;
  readonly scheme: MUrlScheme;
  /** `/llm.json` (the scheme's last segment with its slash). */
  readonly mUrlSuffix: string;
  /** `protect: 'all'`: every response goes through the app's access check. */
  readonly protectAll: boolean;
  /** The change feed, where the source keeps one (the store does). */
  readonly feed: ChangeFeedSource | undefined;
  /** Absolute URL of a path on the public origin, normalized. */
  urlFor(path: string): string;
  /** `Content-Usage` (AIPREF): a document's own preferences over the site's, term by term. */
  usageHeader(documentUsage?: string | null): ResponseHeaders;
  /**
   * A response's headers, every one from its family's policy: the form's Cache-Control and
   * Vary, then `link` and `extra` (Content-Location…), then Content-Usage where the policy
   * applies it, then what shared caches are told.
   */
  policyHeaders(policy: HeaderPolicy, form: HeaderForm, response: PolicyResponse): ResponseHeaders;
  /** The M-URL path of the page at `target` (which may carry a query), if it could have one. */
  pageMPath(target: string): string | undefined;
}

function isChangeFeedSource(source: object): source is ChangeFeedSource {
  const candidate = source as Partial<ChangeFeedSource>;
  return (
    typeof candidate.feedPosition === 'function' && typeof candidate.changesSince === 'function'
  );
}

export function createEndpointContext(
  source: AgentContentSource,
  options: AgentEndpointsOptions,
): EndpointContext {
  const origin = normalizeUri(options.origin).replace(/\/$/, '');
  if (!/^https?:\/\/[^/]+$/.test(origin)) {
    throw new ValidationError('serve.origin', 'origin must be scheme://host[:port] with no path', {
      field: 'origin',
      value: options.origin,
    });
  }
  if (options.edge) checkCacheKeyPrefix(options.edge.keyPrefix);
  const scheme = assertMUrlScheme(options.mUrl ?? DEFAULT_M_URL_SCHEME);
  const urlFor = (path: string) => normalizeUri(`${origin}${path}`);

  const defaultUsage = formatContentUsage(options.usage);
  /** Stored values come from formatContentUsage (two terms, y/n): at most 8, merged once each. */
  const mergedUsage = new Map<string, string | undefined>();

  const profile = options.profile ?? TCT_1;
  function usageHeader(documentUsage?: string | null): ResponseHeaders {
    let value = defaultUsage;
    if (documentUsage) {
      if (!mergedUsage.has(documentUsage))
        mergedUsage.set(documentUsage, overlayContentUsage(options.usage, documentUsage));
      value = mergedUsage.get(documentUsage);
    }
    return value ? { 'content-usage': value } : {};
  }

  return {
    source,
    options,
    origin,
    profile,
    scheme,
    mUrlSuffix: `/${scheme.suffix}`,
    protectAll: options.protect === 'all',
    feed: isChangeFeedSource(source) ? source : undefined,
    urlFor,
    usageHeader,
    policyHeaders(policy, form, response) {
      const usage = policy.contentUsage;
      return {
        ...formHeaders(form, response.profile ?? profile),
        ...NO_SNIFF,
        ...(response.link ? { link: response.link } : {}),
        ...response.extra,
        ...(usage.applies === false
          ? {}
          : usageHeader(usage.applies === 'document' ? response.documentUsage : undefined)),
        ...sharedCacheHeaders(
          policy.sharedCache,
          response.document
            ? { path: response.path, document: response.document }
            : { path: response.path },
          options.edge,
        ),
      };
    },
    pageMPath(target) {
      const normalized = normalizeRequestPath(target);
      if (!normalized.ok) return undefined;
      try {
        return parseUri(mUrlFor(urlFor(normalized.path), scheme)).path;
      } catch {
        return undefined;
      }
    },
  };
}
