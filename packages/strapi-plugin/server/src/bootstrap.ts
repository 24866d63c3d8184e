import type { Core } from '@strapi/strapi';
import { registerAdminActions } from './admin-api/admin-actions';
import { runtimeOf } from './runtime/runtime-registry';

/**
 * Registers the admin permissions (before the admin's own bootstrap, which gives the super admin
 * every registered action), then checks the mapping, opens the table, mounts the endpoints and
 * starts the reconcile.
 */
export default async function bootstrap({ strapi }: { strapi: Core.Strapi }): Promise<void> {
  await registerAdminActions(strapi);
  await runtimeOf(strapi).start();
}
