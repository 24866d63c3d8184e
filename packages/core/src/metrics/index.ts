export * from './classify-agent';
export * from './metrics-recorder';
export * from './build-agent-stats';
