/** JSON-RPC error codes the handlers answer with (a tool's bad arguments are `isError` results). */
export const INVALID_PARAMS = -32602;
/** MCP's "resource not found". */
export const RESOURCE_NOT_FOUND = -32002;

/** A request the handlers refuse, with its JSON-RPC code (mapped to McpError by the server). */
export class McpRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'McpRequestError';
  }
}

/** Refuses a request's arguments (a tool's become its `isError` result, see callTool). */
export function invalid(message: string): never {
  throw new McpRequestError(INVALID_PARAMS, message);
}
