import { validatorsOfBytes } from '../../../http/representation-validators';
import { respondWithResource, type HttpResponse } from '../../../http/served-resource';
import { readAgentStats } from '../../../metrics/build-agent-stats';
import { isSafeMethod, METHOD_NOT_ALLOWED, respondUnless } from '../../agent-outcome';
import type { EndpointFamily, FamilyContext, FamilyEndpoint } from '../endpoint-family';
import { taggedOnly, oneFormPolicy } from '../header-policy';

export const STATS_PATH = '/llm-stats.json';

const headers = oneFormPolicy(
  // Counted every moment: never reused without asking.
  { cacheControl: 'no-cache', vary: 'Accept-Encoding' },
  // What agents fetched from the site is the site's to state terms on, as for every endpoint.
  { applies: 'site' },
  taggedOnly('stats', 'tagged, not kept: its counts change without a purge'),
);

/** `/llm-stats.json`: the last 30 days of serving metrics, `public` or behind the access check. */
function createStatsEndpoint(
  context: FamilyContext,
  access: 'public' | 'protected',
): FamilyEndpoint {
  const { source } = context;
  return {
    path: STATS_PATH,
    async answer(request) {
      if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
      return respondUnless(access === 'protected', async (): Promise<HttpResponse> => {
        const now = new Date();
        const stats = await readAgentStats(source.readMetrics?.bind(source), { now });
        const body = Buffer.from(`${JSON.stringify(stats, null, 2)}\n`, 'utf8');
        const { etag, contentDigest } = validatorsOfBytes(body);
        return respondWithResource(request, {
          body,
          etag,
          contentDigest,
          lastModified: now,
          contentType: 'application/json; charset=utf-8',
          headers: context.policyHeaders(headers, headers.forms.response, { path: STATS_PATH }),
        });
      });
    },
    // Not an endpoint agents crawl: robots.txt need not keep it open.
    robotsPaths: [],
  };
}

export const statsFamily: EndpointFamily = {
  name: 'stats',
  title: 'Serving stats',
  serving: 'live',
  paths: ['`/llm-stats.json`'],
  contentType: '`application/json; charset=utf-8`',
  claims: (path) => path === STATS_PATH,
  route: { by: 'path' },
  metricsKind: 'stats',
  enabledBy: { option: 'metrics.stats', default: 'off' },
  robotsListing: 'when-served',
  headers,
  create: (context) =>
    context.options.stats ? createStatsEndpoint(context, context.options.stats) : undefined,
};
