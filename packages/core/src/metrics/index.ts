export { classifyAgent } from './classify-agent';
export {
  ENDPOINT_KINDS,
  MetricsRecorder,
  type EndpointKind,
  type MetricCounters,
  type MetricEvent,
  type MetricKey,
} from './metrics-recorder';
export { readAgentStats, type AgentStats, type MetricRow } from './build-agent-stats';
