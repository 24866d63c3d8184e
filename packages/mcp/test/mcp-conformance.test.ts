import { conformanceRunner, READ_ONLY_SERVER_SCENARIOS } from '@agent-ready/mcp-conformance';
import { databaseConfig } from '@agent-ready/test-support';
import { startMcpTestSite, type McpTestSite } from './support/mcp-test-site';

/**
 * The official MCP conformance framework (`@modelcontextprotocol/conformance`, under the Node 22
 * binary it needs) against the endpoint on a real socket: every server scenario that applies to
 * a read-only server of documents passes (docs/mcp.md maps the rest). Skipped only on a platform
 * with no Node 22 package (not on CI's linux-x64).
 */
const run = conformanceRunner();

(run ? describe : describe.skip)('the official MCP conformance framework', () => {
  let site: McpTestSite;

  beforeAll(async () => {
    site = await startMcpTestSite(databaseConfig('sqlite'));
    await site.publish({ id: 'tomatoes', title: 'Growing tomatoes', body: 'Tomatoes love sun.' });
  });

  afterAll(async () => {
    await site.close();
  });

  it.each(READ_ONLY_SERVER_SCENARIOS)('passes %s', async (scenario) => {
    const result = await run!(site.url, scenario);
    expect({ scenario, failed: result.failed, output: result.failed ? result.output : '' }).toEqual(
      { scenario, failed: 0, output: '' },
    );
    expect(result.passed).toBe(result.total);
    expect(result.total).toBeGreaterThan(0);
  });
});
