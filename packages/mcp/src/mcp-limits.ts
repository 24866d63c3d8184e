/**
 * What one MCP request may ask of the server. A request over a limit gets a JSON-RPC error
 * (or, for the body, 413 with a JSON-RPC error body), never a 5xx and never unbounded work.
 */
export interface McpLimits {
  /** Bytes of one HTTP request body (MCP requests are small: a search or a URI). */
  maxRequestBytes: number;
  /** Search results per call (what `limit` may ask for). */
  maxSearchResults: number;
  /** Resources per `resources/list` page. */
  maxListPage: number;
  /** Characters of a search query. */
  maxQueryCharacters: number;
  /** Notification streams (GET) open at once in this process; one more gets 429. */
  maxStreams: number;
}

export const DEFAULT_MCP_LIMITS: McpLimits = {
  maxRequestBytes: 64 * 1024,
  maxSearchResults: 20,
  maxListPage: 100,
  maxQueryCharacters: 1000,
  maxStreams: 1000,
};
