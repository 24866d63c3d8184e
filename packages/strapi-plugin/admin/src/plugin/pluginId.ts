export const PLUGIN_ID = 'agent-ready';
