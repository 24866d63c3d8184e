export { agentReady, type AgentReadyMiddleware, type AgentReadyOptions } from './agent-ready';
/** Writes a core HttpResponse on a Node response (kept under its first name; core's `writeNodeResponse`). */
export { writeNodeResponse as writeHttpResponse } from '@agent-ready/core';
