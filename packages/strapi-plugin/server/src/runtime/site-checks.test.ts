import type { ValidationReport } from '@agent-ready/client';
import { CHECK_BUDGET, listeningOrigin, SiteChecks } from './site-checks';

describe('listeningOrigin', () => {
  it('reaches a listening server through its own address, wildcards through the loopback', () => {
    const at = (address: string, family: string) => ({ address, family, port: 1337 });
    expect(listeningOrigin(at('127.0.0.1', 'IPv4'))).toBe('http://127.0.0.1:1337');
    expect(listeningOrigin(at('0.0.0.0', 'IPv4'))).toBe('http://127.0.0.1:1337');
    expect(listeningOrigin(at('::', 'IPv6'))).toBe('http://[::1]:1337');
    expect(listeningOrigin(at('fe80::1', 'IPv6'))).toBe('http://[fe80::1]:1337');
    expect(listeningOrigin(null)).toBeUndefined();
    expect(listeningOrigin('strapi.sock')).toBeUndefined();
  });
});

describe('SiteChecks', () => {
  it('shares a running check per origin, bounds it, and keeps the last result', async () => {
    const calls: [string, unknown][] = [];
    let finish!: (report: ValidationReport) => void;
    const checks = new SiteChecks((origin, options) => {
      calls.push([origin, options]);
      return new Promise((resolve) => (finish = resolve));
    });
    const plan = {
      target: 'server' as const,
      origin: 'https://example.com',
      connectTo: 'http://127.0.0.1:1',
      rootRedirect: 'read' as const,
      mcp: 'https://example.com/mcp',
      reason: 'asked',
    };
    const a = checks.run(plan);
    const b = checks.run(plan);
    expect(calls).toEqual([
      [
        'https://example.com',
        {
          ...CHECK_BUDGET,
          connectTo: 'http://127.0.0.1:1',
          rootRedirect: 'read',
          mcp: 'https://example.com/mcp',
        },
      ],
    ]);
    expect(checks.last).toBeUndefined();
    const report = { origin: 'https://example.com', ok: true } as ValidationReport;
    finish(report);
    expect(await a).toEqual({ target: 'server', reason: 'asked', report });
    expect(await b).toBe(await a);
    expect(checks.last).toEqual({ target: 'server', reason: 'asked', report });
    void checks.run(plan);
    expect(calls).toHaveLength(2);
    finish(report);
    await checks.whenIdle();
  });

  it('keeps the previous result when a check fails', async () => {
    const checks = new SiteChecks(async () => {
      throw new Error('boom');
    });
    const plan = { target: 'public' as const, origin: 'https://example.com', reason: 'asked' };
    await expect(checks.run(plan)).rejects.toThrow('boom');
    expect(checks.last).toBeUndefined();
    await expect(checks.run(plan)).rejects.toThrow('boom');
  });

  it('reports the coverage measured alongside, with its warnings', async () => {
    const report = { origin: 'https://example.com', ok: true } as ValidationReport;
    const checks = new SiteChecks(async () => report);
    const plan = { target: 'public' as const, origin: 'https://example.com', reason: 'asked' };
    const measure = { measuredAt: '2026-01-01T00:00:00.000Z', threshold: 0.8, types: [] };
    const check = await checks.run(plan, async () => ({
      coverage: { measure, warnings: ['api::page.page: agents get 41% of its text'] },
    }));
    expect(check.coverage?.warnings).toEqual(['api::page.page: agents get 41% of its text']);
    expect(checks.last).toBe(check);
  });
});
