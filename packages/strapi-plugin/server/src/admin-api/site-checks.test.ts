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
    const a = checks.run('server', 'http://127.0.0.1:1');
    const b = checks.run('server', 'http://127.0.0.1:1');
    expect(calls).toEqual([['http://127.0.0.1:1', CHECK_BUDGET]]);
    expect(checks.last).toBeUndefined();
    const report = { origin: 'http://127.0.0.1:1', ok: true } as ValidationReport;
    finish(report);
    expect(await a).toEqual({ target: 'server', report });
    expect(await b).toBe(await a);
    expect(checks.last).toEqual({ target: 'server', report });
    void checks.run('server', 'http://127.0.0.1:1');
    expect(calls).toHaveLength(2);
    finish(report);
    await checks.whenIdle();
  });

  it('keeps the previous result when a check fails', async () => {
    const checks = new SiteChecks(async () => {
      throw new Error('boom');
    });
    await expect(checks.run('public', 'https://example.com')).rejects.toThrow('boom');
    expect(checks.last).toBeUndefined();
    await expect(checks.run('public', 'https://example.com')).rejects.toThrow('boom');
  });
});
