import { validatorsOfBytes } from '../http/representation-validators';
import { respondWithResource, type HttpResponse } from '../http/served-resource';
import { readAgentStats } from '../metrics/build-agent-stats';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  respondUnless,
  type AgentOutcome,
  type AgentRequest,
} from './agent-outcome';
import type { EndpointContext } from './endpoint-context';

export const STATS_PATH = '/llm-stats.json';

export interface StatsEndpoint {
  answer(request: AgentRequest): Promise<AgentOutcome>;
}

/** `/llm-stats.json`: the last 30 days of serving metrics, `public` or behind the access check. */
export function createStatsEndpoint(
  context: EndpointContext,
  access: 'public' | 'protected',
): StatsEndpoint {
  const { source } = context;
  return {
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
          headers: { 'cache-control': 'no-cache', vary: 'Accept-Encoding' },
        });
      });
    },
  };
}
