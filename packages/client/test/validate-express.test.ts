import { gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { buildJsonResource } from '@agent-ready/core/http';
import {
  bootExpressSite,
  fakeHash,
  homeAndPosts,
  ignoreIfNoneMatch,
  isMUrl,
  refuse304OnNoCache,
  rewriteResource,
  rewriteSitemap,
  type TestSite,
} from '@agent-ready/test-sites';
import { validateSite, type ValidationReport } from '../src';
import { ProtocolFixtures, type FixtureVariants } from './support/protocol-fixtures';

const DOCUMENTS = homeAndPosts(4);

let site: TestSite;
let fixtures: ProtocolFixtures;

beforeAll(async () => {
  const holder: { fixtures?: ProtocolFixtures } = {};
  site = await bootExpressSite({
    documents: [
      ...DOCUMENTS,
      { id: 'draft', url: '/draft/', title: 'Draft', body: { format: 'text', value: 'Not yet.' } },
    ],
    mcp: true,
    fixtures: (req, res, next) => holder.fixtures!.router()(req, res, next),
    pageLinks: (path) => holder.fixtures?.pageLinks(path) ?? [],
  });
  // The draft was published once, then taken back: its M-URL answers 404.
  await site.agent.unpublish('draft');
  await site.agent.idle();
  fixtures = await new ProtocolFixtures(
    site.origin,
    DOCUMENTS.map((d) => ({
      path: d.url,
      title: d.title,
      text: String((d.body as { value: string }).value),
      modified: String(d.modified ?? '2025-10-01T00:00:00Z'),
    })),
  ).prepare();
  await fixtures.addDelta(fixtures.pages.slice(1, 2), '2025-10-03T00:00:00Z');
  holder.fixtures = fixtures;
});

afterAll(() => site.close());

afterEach(() => {
  site.variant = undefined;
  fixtures.variants = {};
});

function failing(report: ValidationReport): string[] {
  return report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
}

async function validateWith(
  variant?: RequestHandler,
  fixtureVariants: FixtureVariants = {},
): Promise<ValidationReport> {
  site.variant = variant;
  fixtures.variants = fixtureVariants;
  return validateSite(site.origin, { all: true });
}

describe('validateSite against the Express adapter', () => {
  it('passes every check on a conformant site (TCT from the adapter, SCP/llmindex/llms.txt fixtures)', async () => {
    const report = await validateWith();
    const notPassing = report.checks.filter((c) => c.status !== 'pass');
    // One shard: there is no index to check (the sharded site below has one).
    expect(notPassing.map((c) => `${c.id}: ${c.status}: ${c.evidence.detail}`)).toEqual([
      'tct.sitemap.index: not-tested: no sitemap index: the root links one shard',
      // The SDK's server does not speak revision 2026-07-28.
      expect.stringMatching(
        /^mcp\.discover: not-tested: the server does not answer server\/discover/,
      ),
    ]);
    expect(report.ok).toBe(true);
    expect(report.checks.find((c) => c.id === 'tct.m-url.etag-parity')?.counts.pass).toBe(
      DOCUMENTS.length,
    );
  });

  it('the adapter alone serves TCT, SCP and llms.txt conformantly; llmindex (https only) and MCP (off) are not tested', async () => {
    const bare = await bootExpressSite({ documents: DOCUMENTS.slice(0, 2) });
    try {
      const report = await validateSite(bare.origin, { all: true });
      expect(failing(report)).toEqual([]);
      for (const check of report.checks) {
        if (check.id === 'tct.sitemap.index') {
          expect(check.status).toBe('not-tested');
        } else if (check.protocol === 'llmindex') {
          expect([check.id, check.status]).toEqual([check.id, 'not-tested']);
          expect(check.evidence.detail).toMatch(/^no /);
        } else if (check.protocol === 'mcp') {
          // MCP is off unless asked for: the endpoint is not there, which is no failure.
          expect([check.id, check.status, check.evidence.detail]).toEqual([
            check.id,
            'not-tested',
            `not served: POST ${bare.origin}/mcp answered 404`,
          ]);
        } else {
          expect([check.id, check.status, check.evidence.detail]).toEqual([
            check.id,
            'pass',
            check.evidence.detail,
          ]);
        }
      }
    } finally {
      await bare.close();
    }
  });

  it('with pagesElsewhere, fetches no page and leaves the C-URL checks not tested, saying why', async () => {
    const requested: string[] = [];
    const report = await validateSite(site.origin, {
      pagesElsewhere: "the pages are the front-end's",
      onExchange: (exchange) => requested.push(new URL(exchange.url).pathname),
    });
    for (const id of ['tct.c-url.alternate-link', 'tct.c-url.alternate-tag']) {
      const check = report.checks.find((c) => c.id === id)!;
      expect([check.status, check.evidence.detail]).toEqual([
        'not-tested',
        "the pages are the front-end's",
      ]);
    }
    const pages = DOCUMENTS.map((d) => d.url).filter((url) => url !== '/');
    expect(requested.filter((path) => pages.includes(path))).toEqual([]);
  });

  it('checks a sharded sitemap through its index; a stale index fails exactly that check', async () => {
    const sharded = await bootExpressSite({ documents: homeAndPosts(6), maxItemsPerShard: 3 });
    try {
      const report = await validateSite(sharded.origin, { all: true });
      expect(failing(report)).toEqual([]);
      const index = report.checks.find((c) => c.id === 'tct.sitemap.index')!;
      // Every shard compared with its index entry, the first (read before the index) too.
      expect(index).toMatchObject({ status: 'pass', counts: { pass: 1 + 3, fail: 0 } });
      expect(report.checks.find((c) => c.id === 'tct.m-url.etag-parity')?.counts.pass).toBe(7);

      // An index that still lists shard 2's previous hash.
      sharded.variant = rewriteResource(
        sharded,
        (path) => path === '/llm-sitemap-index.json',
        (resource, up) => {
          const doc = JSON.parse(up.body.toString('utf8')) as {
            sitemaps: { url: string; etag: string }[];
          };
          doc.sitemaps[1]!.etag = fakeHash('stale');
          const json = buildJsonResource(doc);
          return { ...resource, body: json.body, etag: json.etag };
        },
      );
      const stale = await validateSite(sharded.origin, { all: true });
      expect(failing(stale)).toEqual(['tct.sitemap.index']);
    } finally {
      await sharded.close();
    }
  });

  it('fails tct.m-url.plain-text, and only that, when a document body holds raw HTML', async () => {
    const leaky = await bootExpressSite({
      documents: [
        ...DOCUMENTS.slice(0, 1),
        {
          id: 'leaky',
          url: '/leaky/',
          title: 'Leaky',
          // HTML passed as text: the publisher's mistake that TCT -01 §4 forbids.
          body: { format: 'text', value: '<p>Hello <strong>world</strong></p>' },
        },
      ],
    });
    try {
      const report = await validateSite(leaky.origin, { all: true });
      expect(failing(report)).toEqual(['tct.m-url.plain-text']);
      const check = report.checks.find((c) => c.id === 'tct.m-url.plain-text')!;
      expect(check.evidence.detail).toBe('content holds HTML: <p>');
      expect(check.counts).toMatchObject({ pass: 1, fail: 1 });
    } finally {
      await leaky.close();
    }
  });

  const tctVariants: [string, () => RequestHandler, string[]][] = [
    [
      'a weak ETag on M-URLs',
      () => rewriteResource(site, isMUrl, (r) => ({ ...r, etag: `W/${r.etag}` })),
      ['tct.m-url.etag-strong'],
    ],
    [
      'no canonical Link on M-URLs',
      () =>
        rewriteResource(site, isMUrl, (r) => {
          const { link: _link, ...headers } = r.headers ?? {};
          return { ...r, headers };
        }),
      ['tct.m-url.canonical-link'],
    ],
    [
      'a sitemap etag that is not the M-URL ETag (wrong parity)',
      () =>
        rewriteSitemap(site, (items) =>
          items.map((item, i) =>
            i === 2 ? { ...item, etag: fakeHash('x'), contentHash: fakeHash('x') } : item,
          ),
        ),
      ['tct.m-url.etag-parity'],
    ],
    [
      'a non-canonical JSON body (same ETag)',
      () =>
        rewriteResource(site, isMUrl, (r) => ({
          ...r,
          body: Buffer.from(
            JSON.stringify(JSON.parse((r.body as Buffer).toString('utf8')), null, 1),
          ),
        })),
      ['tct.m-url.canonical-json'],
    ],
    [
      'no 304 when the request says Cache-Control: no-cache (the `fresh` bug)',
      () => refuse304OnNoCache,
      ['tct.m-url.304-no-cache'],
    ],
    [
      'no 304 at all on M-URLs',
      () => ignoreIfNoneMatch,
      ['tct.m-url.304', 'tct.m-url.304-no-cache', 'tct.m-url.304-weak', 'tct.m-url.inm-beats-ims'],
    ],
    [
      'a draft listed in the sitemap',
      () =>
        rewriteSitemap(site, (items) => [
          ...items,
          {
            cUrl: `${site.origin}/draft/`,
            mUrl: `${site.origin}/draft/llm.json`,
            modified: '2025-10-01T00:00:00Z',
            contentHash: fakeHash('draft'),
            etag: fakeHash('draft'),
          },
        ]),
      ['tct.m-url.status'],
    ],
    [
      'M-URLs gzip-encoded with a weakened ETag when gzip is accepted (a CDN)',
      () =>
        rewriteResource(site, isMUrl, (r, _up, req) =>
          /gzip/.test(req.headers['accept-encoding'] ?? '')
            ? {
                ...r,
                body: gzipSync(r.body as Buffer),
                contentEncoding: 'gzip',
                etag: `W/${r.etag}`,
              }
            : r,
        ),
      ['tct.m-url.gzip-identity'],
    ],
  ];

  it.each(tctVariants)('%s fails exactly that check', async (_name, variant, expected) => {
    const report = await validateWith(variant());
    expect(failing(report)).toEqual(expected);
    const failed = report.checks.find((c) => c.id === expected[0])!;
    expect(failed.evidence.request?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(failed.evidence.detail).not.toBe('');
  });

  it.each<[string, FixtureVariants, string]>([
    ['a bad SCP checksum', { badChecksum: true }, 'scp.collection.checksum'],
    ['a gzip bomb served as a collection', { bomb: true }, 'scp.collection.limits'],
    ['a manifest changed after signing', { badSignature: true }, 'llmindex.signature'],
    ['prose inside an llms.txt section', { badLlmsTxt: true }, 'llmstxt.format'],
  ])('%s fails exactly that check', async (_name, variants, expected) => {
    const report = await validateWith(undefined, variants);
    expect(failing(report)).toEqual([expected]);
  });

  // Against the Strapi plugin: packages/strapi-plugin/tests/agent-side.test.ts (it boots Strapi).
});
