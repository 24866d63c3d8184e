import type { AgentReadyRuntime } from './agent-ready-runtime';

// One runtime per Strapi instance (tests boot several in one process, one after another).
const runtimes = new WeakMap<object, AgentReadyRuntime>();

export function setRuntime(strapi: object, runtime: AgentReadyRuntime): void {
  runtimes.set(strapi, runtime);
}

export function runtimeOf(strapi: object): AgentReadyRuntime {
  const runtime = runtimes.get(strapi);
  if (!runtime) throw new Error('agent-ready: the plugin has not been registered');
  return runtime;
}

/** Removes and returns the runtime (none when Strapi stopped before the plugin registered). */
export function takeRuntime(strapi: object): AgentReadyRuntime | undefined {
  const runtime = runtimes.get(strapi);
  runtimes.delete(strapi);
  return runtime;
}
