import { validateAgentSiteOptions } from './agent-site-options';
import { rateLimitCost, rateLimitKey, rateLimitSettings } from './rate-limit-rule';

const SITE = { site: { origin: 'https://example.com', name: 'Example' } };

describe('the rateLimit rule', () => {
  it('is off unless set, and keys by address by default', () => {
    expect(rateLimitSettings(validateAgentSiteOptions(SITE))).toBeUndefined();
    expect(rateLimitSettings({ rateLimit: false })).toBeUndefined();
    expect(
      rateLimitSettings(
        validateAgentSiteOptions({ ...SITE, rateLimit: { requests: 60, perSeconds: 60 } }),
      ),
    ).toEqual({ requests: 60, perSeconds: 60, key: 'ip' });
  });

  it('refuses budgets that are not positive integers, and unknown keys', () => {
    for (const rateLimit of [
      { requests: 0, perSeconds: 60 },
      { requests: 10 },
      { requests: 10, perSeconds: 1.5 },
      { requests: 10, perSeconds: 60, key: 'user-agent' },
      { requests: 10, perSeconds: 60, burst: 5 },
    ])
      expect(() => validateAgentSiteOptions({ ...SITE, rateLimit })).toThrow(/rateLimit/);
  });

  it('gives a verified signature one budget under key agent, everyone else their address', () => {
    const agent = { requests: 1, perSeconds: 1, key: 'agent' } as const;
    const ip = { ...agent, key: 'ip' } as const;
    const verified = { address: '192.0.2.1', family: 'verified:crawler.example' };
    expect(rateLimitKey(agent, verified)).toBe('agent:verified:crawler.example');
    expect(rateLimitKey(ip, verified)).toBe('ip:192.0.2.1');
    // A User-Agent is anyone's to send: never a budget of its own.
    expect(rateLimitKey(agent, { address: '192.0.2.2', family: 'GPTBot' })).toBe('ip:192.0.2.2');
    expect(rateLimitKey(ip, { family: 'other' })).toBe('ip:unknown');
  });

  it('lets revalidation (304) through free; every other answer costs one', () => {
    expect(rateLimitCost(304)).toBe(0);
    for (const status of [200, 206, 400, 404, 410]) expect(rateLimitCost(status)).toBe(1);
  });
});
