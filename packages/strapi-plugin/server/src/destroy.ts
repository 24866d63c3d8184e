import type { Core } from '@strapi/strapi';
import { deleteRuntime, runtimeOf } from './runtime/runtime-registry';

export default async function destroy({ strapi }: { strapi: Core.Strapi }): Promise<void> {
  await runtimeOf(strapi).stop();
  deleteRuntime(strapi);
}
