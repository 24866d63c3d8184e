export * from './agent-ready-error';
