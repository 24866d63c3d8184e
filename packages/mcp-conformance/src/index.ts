export {
  conformanceRunner,
  READ_ONLY_SERVER_SCENARIOS,
  type ConformanceResult,
} from './run-conformance-scenario';
