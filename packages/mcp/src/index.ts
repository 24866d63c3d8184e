// The public surface of @agent-ready/mcp (a test pins it: public-surface.json): a site's
// published content as a read-only MCP server, over Streamable HTTP (stateless) or stdio.

export {
  mPathOfUrl,
  type McpContentSource,
  type McpLlmsTxt,
  type McpSiteSettings,
} from './mcp-content-source';
export { DEFAULT_MCP_LIMITS, type McpLimits } from './mcp-limits';
export { createMcpServer, MCP_SERVER_NAME, type McpServerSetup } from './create-mcp-server';
export {
  createMcpHttpHandler,
  type McpHttpOptions,
  type McpIdentity,
  type McpSiteRequest,
  type ParsedBody,
} from './serve-mcp-http';
export { serveMcpOverStdio, type McpStdioOptions, type McpStdioServer } from './serve-mcp-stdio';
export { mcpSourceOfSite, type McpSiteReader } from './mcp-source-of-site';
export { MCP_PROTOCOL_VERSIONS } from './mcp-protocol-versions';
export {
  createSiteMcpHandler,
  siteMcpSettings,
  type McpSite,
  type SiteMcpHooks,
  type SiteMcpSettings,
} from './site-mcp-handler';
