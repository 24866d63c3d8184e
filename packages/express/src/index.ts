export { agentReady, type AgentReadyMiddleware } from './agent-ready';
export {
  agentReadyOptionsSchema,
  validateAgentReadyOptions,
  type AgentReadyOptions,
} from './agent-ready-options';
export { writeHttpResponse } from './write-http-response';
