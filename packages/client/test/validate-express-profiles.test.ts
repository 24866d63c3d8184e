import type { TctProfileName } from '@agent-ready/core';
import { bootExpressSite, homeAndPosts, type TestSite } from '@agent-ready/test-sites';
import { validateSite, type ValidationReport } from '../src';

// The validator against the Express adapter as it serves each TCT profile, its MCP endpoint on:
// every check passes, the profile detected from the site and forced alike. Not tested is only
// what cannot apply here: llmindex (it needs an https origin), MCP's server/discover (revision
// 2026-07-28, which the SDK's server does not speak) and, on a one-shard site, the index checks.

/** Checks that did not pass, with their status and why. */
function notPassing(report: ValidationReport): string[] {
  return report.checks
    .filter(
      (check) =>
        check.status !== 'pass' && check.protocol !== 'llmindex' && check.id !== 'mcp.discover',
    )
    .map((check) => `${check.id}: ${check.status}`);
}

function expectLlmindexNotTested(report: ValidationReport): void {
  for (const check of report.checks.filter((c) => c.protocol === 'llmindex'))
    expect([check.id, check.status]).toEqual([check.id, 'not-tested']);
}

describe.each<TctProfileName>(['tct-1', 'tct-03'])(
  'validateSite against the Express adapter serving %s',
  (profile) => {
    let sharded: TestSite;
    let single: TestSite;

    beforeAll(async () => {
      sharded = await bootExpressSite({
        documents: homeAndPosts(6),
        maxItemsPerShard: 3,
        tctProfile: profile,
        stats: true,
        mcp: true,
      });
      single = await bootExpressSite({
        documents: homeAndPosts(2),
        tctProfile: profile,
        stats: true,
        mcp: true,
      });
    });

    afterAll(async () => {
      await sharded?.close();
      await single?.close();
    });

    it('passes every check on a sharded site, the profile detected or forced', async () => {
      for (const forced of [undefined, profile]) {
        const report = await validateSite(sharded.origin, {
          all: true,
          ...(forced ? { profile: forced } : {}),
        });
        expect([report.tctProfile, report.tctProfileSource]).toEqual([
          profile,
          forced ? 'option' : 'detected',
        ]);
        expect(notPassing(report)).toEqual([]);
        expectLlmindexNotTested(report);
        expect(report.ok).toBe(true);
        // Every listed document checked, through all three shards.
        const parity = profile === 'tct-1' ? 'tct.m-url.etag-parity' : 'murl catalog_hint_matches';
        expect(report.checks.find((c) => c.id === parity)?.counts.pass).toBe(7);
        if (profile === 'tct-03')
          expect(report.checks.find((c) => c.id === 'sitemap_index_hints_match')?.counts.pass).toBe(
            3,
          );
      }
    });

    it('passes every check on a one-shard site; the index checks are not tested', async () => {
      const report = await validateSite(single.origin, { all: true });
      expect(report.tctProfile).toBe(profile);
      expect(notPassing(report)).toEqual(
        profile === 'tct-1'
          ? ['tct.sitemap.index: not-tested']
          : [
              'sitemap_index profile_structure: not-tested',
              'sitemap_index_hints_match: not-tested',
            ],
      );
      expectLlmindexNotTested(report);
    });
  },
);
