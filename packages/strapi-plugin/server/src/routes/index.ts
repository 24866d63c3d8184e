import { ADMIN_ACTIONS } from '../admin-api/admin-actions';

const can = (...actions: string[]) => ({
  policies: [{ name: 'admin::hasPermissions', config: { actions } }],
});

/**
 * Admin API, mounted by Strapi under `/agent-ready` on the admin router: an admin JWT is required
 * (401 without one), and each route names the RBAC action it needs (403 without it).
 */
export default {
  admin: {
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/overview',
        handler: 'admin.overview',
        config: can(ADMIN_ACTIONS.read),
      },
      {
        method: 'GET',
        path: '/settings',
        handler: 'admin.getSettings',
        config: can(ADMIN_ACTIONS.read),
      },
      {
        method: 'PUT',
        path: '/settings',
        handler: 'admin.saveSettings',
        config: can(ADMIN_ACTIONS.read, ADMIN_ACTIONS.updateSettings),
      },
      {
        method: 'DELETE',
        path: '/settings',
        handler: 'admin.resetSettings',
        config: can(ADMIN_ACTIONS.read, ADMIN_ACTIONS.updateSettings),
      },
      {
        method: 'POST',
        path: '/check',
        handler: 'admin.check',
        config: can(ADMIN_ACTIONS.read),
      },
      {
        method: 'GET',
        path: '/rebuild',
        handler: 'admin.rebuildStatus',
        config: can(ADMIN_ACTIONS.read),
      },
      {
        method: 'POST',
        path: '/rebuild',
        handler: 'admin.rebuild',
        config: can(ADMIN_ACTIONS.read, ADMIN_ACTIONS.rebuild),
      },
    ],
  },
};
