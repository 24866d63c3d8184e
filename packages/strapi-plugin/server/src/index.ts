import type { Core } from '@strapi/strapi';
import bootstrap from './bootstrap';
import config from './config';
import controllers from './controllers';
import destroy from './destroy';
import register from './register';
import routes from './routes';
import services from './services';

export type { AgentReadyPluginConfig, ContentTypeMapping } from './config/plugin-config';
export type { AgentReadyService } from './services/agent-ready-service';
export type { AgentReadyStatus } from './runtime/agent-ready-runtime';
export type { ReconcileSummary, SettingsStatus } from './admin-api/answer-types';
export type { RuntimeSettings } from './settings/runtime-settings';
export { ADMIN_ACTIONS } from './admin-api/admin-actions';

type Lifecycle = (context: { strapi: Core.Strapi }) => void | Promise<void>;

/** The server entry Strapi loads (`strapi-server` export). */
export interface AgentReadyServerPlugin {
  register: Lifecycle;
  bootstrap: Lifecycle;
  destroy: Lifecycle;
  config: typeof config;
  services: typeof services;
  controllers: typeof controllers;
  routes: typeof routes;
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
  controllers,
  routes,
  contentTypes: {},
  policies: {},
  middlewares: {},
};

export default plugin;
