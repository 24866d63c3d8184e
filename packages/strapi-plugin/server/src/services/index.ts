import type { Core } from '@strapi/strapi';
import agentReady, { type AgentReadyService } from './agent-ready-service';

const services: Record<'agent-ready', (context: { strapi: Core.Strapi }) => AgentReadyService> = {
  'agent-ready': agentReady,
};

export default services;
