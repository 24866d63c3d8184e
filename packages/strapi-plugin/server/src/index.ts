import type { Core } from '@strapi/strapi';
import bootstrap from './bootstrap';
import config from './config';
import destroy from './destroy';
import register from './register';
import services from './services';

export type { AgentReadyPluginConfig, ContentTypeMapping } from './config/plugin-config';
export type { AgentReadyService } from './services/agent-ready-service';
export type { AgentReadyStatus } from './runtime/agent-ready-runtime';
export type { ReconcileSummary } from './sync/reconcile-content';

type Lifecycle = (context: { strapi: Core.Strapi }) => void | Promise<void>;

/** The server entry Strapi loads (`strapi-server` export). */
export interface AgentReadyServerPlugin {
  register: Lifecycle;
  bootstrap: Lifecycle;
  destroy: Lifecycle;
  config: typeof config;
  services: typeof services;
  controllers: Record<string, never>;
  routes: Record<string, never>;
  contentTypes: Record<string, never>;
  policies: Record<string, never>;
  middlewares: Record<string, never>;
}

const plugin: AgentReadyServerPlugin = {
  register,
  bootstrap,
  destroy,
  config,
  services,
  controllers: {},
  routes: {},
  contentTypes: {},
  policies: {},
  middlewares: {},
};

export default plugin;
