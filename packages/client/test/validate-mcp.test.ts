import { json, type RequestHandler } from 'express';
import { bootExpressSite, homeAndPosts, rewriteBody, type TestSite } from '@agent-ready/test-sites';
import { validateSite, type CheckResult, type ValidationReport } from '../src';

// The MCP checks against the Express adapter's endpoint (`mcp: { enabled: true }`) on a real
// socket, through the official SDK's client, and against a site that does not serve one.

const DOCUMENTS = homeAndPosts(3);

let site: TestSite;
let plain: TestSite;

beforeAll(async () => {
  site = await bootExpressSite({ documents: DOCUMENTS, mcp: true });
  plain = await bootExpressSite({ documents: DOCUMENTS });
});

afterAll(async () => {
  await site?.close();
  await plain?.close();
});

afterEach(() => {
  site.variant = undefined;
});

/** The `mcp.*` checks of a report, as `id: status: detail`. */
function mcpChecks(report: ValidationReport): CheckResult[] {
  return report.checks.filter((check) => check.protocol === 'mcp');
}

const line = (check: CheckResult) => `${check.id}: ${check.status}: ${check.evidence.detail}`;

/** Only the MCP checks' requests matter here: no TCT sample beyond one document. */
const validate = (origin: string, mcp?: boolean | string) =>
  validateSite(origin, { sample: 1, ...(mcp === undefined ? {} : { mcp }) });

describe('the MCP checks', () => {
  it('pass on the Express endpoint: tools, resources, a search, a fetch and its M-URL', async () => {
    const report = await validate(site.origin);
    const checks = mcpChecks(report);
    expect(checks.filter((c) => c.status !== 'pass').map(line)).toEqual([
      // SDK 1.32's server answers method-not-found: revision 2026-07-28 is not served yet.
      expect.stringMatching(
        /^mcp\.discover: not-tested: the server does not answer server\/discover/,
      ),
    ]);
    expect(checks.map((c) => c.id)).toEqual([
      'mcp.endpoint',
      'mcp.tools',
      'mcp.resources',
      'mcp.search',
      'mcp.fetch',
      'mcp.fetch-parity',
      'mcp.discover',
    ]);
    // The query is the longest word of the first resource's title: the home page's, "Example".
    expect(checks.find((c) => c.id === 'mcp.search')?.evidence.detail).toBe(
      'search for "Example": 1 result(s)',
    );
    expect(checks.find((c) => c.id === 'mcp.fetch-parity')?.evidence.detail).toMatch(
      new RegExp(`^metadata ETag "sha256-[0-9a-f]{64}" and url ${site.origin}/ match the M-URL$`),
    );
    expect(report.ok).toBe(true);
    // The MCP calls went through the validator's client: counted, with the others.
    expect(site.log.filter((r) => r.method === 'POST' && r.url === '/mcp').length).toBeGreaterThan(
      4,
    );
  });

  it('fails fetch-parity when the fetched document carries another hash than its M-URL', async () => {
    // Every hash the endpoint answers is turned into another of the same length: the M-URLs
    // keep theirs.
    site.variant = rewriteBody(
      (req) => req.method === 'POST' && req.path === '/mcp',
      (body) => body.replace(/sha256-[0-9a-f]{64}/g, `sha256-${'0'.repeat(64)}`),
    );
    const report = await validate(site.origin);
    const parity = report.checks.find((c) => c.id === 'mcp.fetch-parity')!;
    expect(parity.status).toBe('fail');
    expect(parity.evidence.detail).toMatch(
      new RegExp(
        `^metadata\\.etag "\\\\"sha256-0{64}\\\\"" is not the M-URL's ETag "sha256-[0-9a-f]{64}"; ` +
          `metadata\\.hash "sha256-0{64}" is not the M-URL's ETag "sha256-[0-9a-f]{64}" unquoted$`,
      ),
    );
    expect(parity.evidence.request?.url).toMatch(/\/llm\.json$/);
    expect(report.ok).toBe(false);
  });

  it('fails the tools check when fetch is missing, with what a connector needs', async () => {
    site.variant = rewriteBody(
      (req) => req.method === 'POST' && req.path === '/mcp',
      // tools/list only: the fetch tool renamed (same length).
      (body) =>
        body.includes('"tools":[') ? body.replace('"name":"fetch"', '"name":"fetxh"') : body,
    );
    const report = await validate(site.origin);
    const tools = report.checks.find((c) => c.id === 'mcp.tools')!;
    expect(line(tools)).toBe('mcp.tools: fail: no fetch tool');
  });

  it('checks server/discover when the server answers it (revision 2026-07-28)', async () => {
    const answerDiscover =
      (result: object): RequestHandler =>
      (req, res, next) => {
        json()(req, res, () => {
          const message = req.body as { method?: string; id?: number };
          if (req.path !== '/mcp' || message?.method !== 'server/discover') next();
          else res.json({ jsonrpc: '2.0', id: message.id, result });
        });
      };
    site.variant = answerDiscover({
      supportedVersions: ['2026-07-28', '2025-11-25'],
      capabilities: { tools: {}, resources: {} },
    });
    const discovered = await validate(site.origin);
    expect(line(discovered.checks.find((c) => c.id === 'mcp.discover')!)).toBe(
      'mcp.discover: pass: supported versions: 2026-07-28, 2025-11-25',
    );
    site.variant = answerDiscover({ capabilities: {} });
    const broken = await validate(site.origin);
    expect(line(broken.checks.find((c) => c.id === 'mcp.discover')!)).toBe(
      'mcp.discover: warn: supportedVersions is not a list of versions',
    );
  });

  it('leaves the checks not tested on a site that does not serve MCP', async () => {
    const report = await validate(plain.origin);
    expect(mcpChecks(report).map((c) => `${c.id}: ${c.status}`)).toEqual(
      mcpChecks(report).map((c) => `${c.id}: not-tested`),
    );
    expect(mcpChecks(report)[0]!.evidence.detail).toBe(
      `not served: POST ${plain.origin}/mcp answered 404`,
    );
    expect(report.ok).toBe(true);
  });

  it('fails mcp.endpoint when the endpoint was asked for and is not there', async () => {
    const report = await validate(plain.origin, true);
    const endpoint = mcpChecks(report)[0]!;
    expect(line(endpoint)).toBe(
      `mcp.endpoint: fail: asked for, but ${plain.origin}/mcp serves no MCP endpoint (answered 404)`,
    );
    expect(report.ok).toBe(false);
  });

  it('checks the endpoint at the URL given, and refuses one on another origin', async () => {
    const report = await validate(site.origin, '/mcp');
    expect(mcpChecks(report)[0]!.status).toBe('pass');
    await expect(validate(site.origin, 'https://elsewhere.example/mcp')).rejects.toThrow(
      /the MCP endpoint https:\/\/elsewhere\.example\/mcp is not on http:\/\/127\.0\.0\.1:\d+/,
    );
  });
});
