export { mapJsonLines } from './io/map-json-lines';

// The agent-side library moved to @agent-ready/client; importing it from here still works.
export * from '@agent-ready/client';
