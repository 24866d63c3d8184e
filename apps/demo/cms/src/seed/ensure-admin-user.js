// Creates the demo's admin user on first start, so the admin panel opens without a sign-up form.
async function ensureAdminUser(strapi, { email, password }) {
  const users = strapi.service('admin::user');
  if (await users.exists()) return false;
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  await users.create({
    email,
    password,
    firstname: 'Demo',
    lastname: 'Admin',
    isActive: true,
    registrationToken: null,
    roles: [superAdmin.id],
  });
  return true;
}

module.exports = { ensureAdminUser };
