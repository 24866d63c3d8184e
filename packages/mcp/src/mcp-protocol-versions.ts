import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/**
 * The MCP revisions this server speaks, newest first: those of the official SDK it runs on
 * (1.32: 2025-11-25 back to 2024-10-07). Revision 2026-07-28 (stateless: `server/discover`,
 * `subscriptions/listen`) plugs into the same handlers once the SDK speaks it.
 */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = [...SUPPORTED_PROTOCOL_VERSIONS];
