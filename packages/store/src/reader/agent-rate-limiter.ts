import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitSettings } from '@agent-ready/core/serve';

/**
 * The `rateLimit` budgets of one served site: a fixed window per client key, counted by
 * rate-limiter-flexible in this process's memory. Each instance of a site behind a load balancer
 * keeps its own budgets (a client spread over n instances may make up to n × `requests`); keys
 * expire with their window, so memory follows the clients of the last window.
 */
export interface AgentRateLimiter {
  readonly settings: RateLimitSettings;
  /**
   * Charges one request to `key`: `undefined` when it is within the budget, else the seconds
   * until the window starts again (the request is refused).
   */
  take(key: string): Promise<number | undefined>;
  /** Gives back a request charged before its answer turned out free (a 304 after the check). */
  giveBack(key: string): Promise<void>;
}

export function createAgentRateLimiter(settings: RateLimitSettings): AgentRateLimiter {
  const limiter = new RateLimiterMemory({
    points: settings.requests,
    duration: settings.perSeconds,
    keyPrefix: '',
  });
  return {
    settings,
    async take(key) {
      try {
        await limiter.consume(key);
        return undefined;
      } catch (refusal) {
        // The library rejects with its result when over the budget; anything else is a bug.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      }
    },
    async giveBack(key) {
      await limiter.reward(key);
    },
  };
}
