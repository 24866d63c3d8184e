export { agentReady, type AgentReadyMiddleware, type AgentReadyOptions } from './agent-ready';
export { writeHttpResponse } from './write-http-response';
