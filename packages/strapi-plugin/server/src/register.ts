import type { Core } from '@strapi/strapi';
import { AgentReadyRuntime } from './runtime/agent-ready-runtime';
import { setRuntime } from './runtime/runtime-registry';

/** Subscribes the Document Service middleware: from now on every change is queued. */
export default function register({ strapi }: { strapi: Core.Strapi }): void {
  setRuntime(strapi, new AgentReadyRuntime(strapi));
}
