import type { Core } from '@strapi/strapi';
import { runtimeOf } from './runtime/runtime-registry';

/** Checks the mapping, opens the table, mounts the endpoints, starts the reconcile. */
export default async function bootstrap({ strapi }: { strapi: Core.Strapi }): Promise<void> {
  await runtimeOf(strapi).start();
}
