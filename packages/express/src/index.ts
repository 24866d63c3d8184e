export { agentReady, type AgentReadyMiddleware } from './agent-ready';
export {
  agentReadyOptionsSchema,
  validateAgentReadyOptions,
  type AgentReadyOptions,
} from './agent-ready-options';
/** Writes a core HttpResponse on a Node response (kept under its first name; core's `writeNodeResponse`). */
export { writeNodeResponse as writeHttpResponse } from '@agent-ready/core/node-http';
