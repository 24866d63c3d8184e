import type { Core } from '@strapi/strapi';
import { takeRuntime } from './runtime/runtime-registry';

/** Lets syncs in progress finish, stops the reconcile, closes the engine (not Strapi's knex). */
export default async function destroy({ strapi }: { strapi: Core.Strapi }): Promise<void> {
  await takeRuntime(strapi)?.stop();
}
