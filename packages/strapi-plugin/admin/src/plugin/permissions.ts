/** The plugin's RBAC actions (registered by the server at bootstrap), as the admin checks them. */
export const PERMISSIONS = {
  read: [{ action: 'plugin::agent-ready.read', subject: null }],
  updateSettings: [{ action: 'plugin::agent-ready.settings.update', subject: null }],
  rebuild: [{ action: 'plugin::agent-ready.rebuild', subject: null }],
};
