import { HttpBudgetError, HttpTransportError } from '../errors/client-errors';
import { VALIDATION_CHECKS } from './check-catalog';
import { CheckRecorder } from './check-recorder';

describe('CheckRecorder', () => {
  it('folds many outcomes into one result per check, the worst with its evidence', () => {
    const rec = new CheckRecorder();
    rec.pass('tct.m-url.status', { detail: 'a' });
    rec.warn('tct.m-url.fields', { detail: 'soft' });
    rec.violation('tct.m-url.status', { detail: 'b' });
    rec.pass('tct.m-url.status', { detail: 'c' });
    rec.violation('tct.sitemap.overview-first', { detail: 'warn-level check' });
    const results = new Map(rec.results().map((r) => [r.id, r]));
    expect(results.get('tct.m-url.status')).toMatchObject({
      status: 'fail',
      evidence: { detail: 'b' },
      counts: { pass: 2, fail: 1, warn: 0 },
    });
    expect(results.get('tct.m-url.fields')?.status).toBe('warn');
    expect(results.get('tct.sitemap.overview-first')?.status).toBe('warn');
    expect(rec.results().map((r) => r.id)).toEqual(VALIDATION_CHECKS.map((c) => c.id));
  });

  it('keeps the first not-tested reason, and an outcome overrides it', () => {
    const rec = new CheckRecorder();
    rec.notTested('llmindex.proof', 'first reason');
    rec.notTested('llmindex.proof', 'second reason');
    rec.notTestedPrefix('scp.', 'no SCP');
    rec.notTested('tct.policy', 'unused');
    rec.pass('tct.policy', { detail: 'ok' });
    const results = new Map(rec.results().map((r) => [r.id, r]));
    expect(results.get('llmindex.proof')).toMatchObject({
      status: 'not-tested',
      evidence: { detail: 'first reason' },
    });
    expect(results.get('scp.collection.304')?.evidence.detail).toBe('no SCP');
    expect(results.get('tct.policy')?.status).toBe('pass');
  });

  it('turns a spent budget into not-tested and a transport error into a violation', async () => {
    const rec = new CheckRecorder();
    await rec.probe('tct.policy', { method: 'GET', url: 'https://e.com/p' }, async () => {
      throw new HttpBudgetError('client.budget.requests', 'the request budget (1) is spent');
    });
    await rec.probe('tct.m-url.head', { method: 'HEAD', url: 'https://e.com/m' }, async () => {
      throw new HttpTransportError('client.http.timeout', 'no complete answer');
    });
    await expect(
      rec.probe('tct.m-url.vary', { method: 'GET', url: 'x' }, async () => {
        throw new TypeError('a bug');
      }),
    ).rejects.toThrow(TypeError);
    const results = new Map(rec.results().map((r) => [r.id, r]));
    expect(results.get('tct.policy')).toMatchObject({ status: 'not-tested' });
    expect(rec.budgetSpent).toBe('the request budget (1) is spent');
    expect(results.get('tct.m-url.head')).toMatchObject({
      status: 'fail',
      evidence: {
        request: { method: 'HEAD', url: 'https://e.com/m' },
        detail: 'no complete answer',
      },
    });
  });

  it('has unique, stable-looking ids', () => {
    const ids = VALIDATION_CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(tct|scp|llmindex|llmstxt|mcp)\.[a-z0-9.-]+$/);
  });
});
