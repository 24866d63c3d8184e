// First start of the demo: a French locale beside English, an admin user, and the seed content.
// Later starts change nothing (the seed runs once per database).
const { demoSettings } = require('../demo-settings');
const { ensureAdminUser } = require('./seed/ensure-admin-user');
const { seedContent } = require('./seed/seed-content');

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    const settings = demoSettings();
    const locales = strapi.plugin('i18n').service('locales');
    if (!(await locales.findByCode('fr'))) {
      await locales.create({ code: 'fr', name: 'French (fr)' });
    }

    if (await ensureAdminUser(strapi, settings.admin)) {
      // Printed once, when the user is created; the README lists the same demo credentials.
      console.log(
        [
          '',
          'Created the demo admin user (local sandbox credentials, also in apps/demo/README.md):',
          `  email:    ${settings.admin.email}`,
          `  password: ${settings.admin.password}`,
          '',
        ].join('\n'),
      );
    }

    const store = strapi.store({ type: 'app', name: 'demo' });
    if (!(await store.get({ key: 'seeded' }))) {
      try {
        await seedContent(strapi);
      } catch (error) {
        throw new Error(
          `demo: seeding failed (${error.message}); delete the demo database (apps/demo/cms/.tmp) and start again`,
          { cause: error },
        );
      }
      await store.set({ key: 'seeded', value: new Date().toISOString() });
    }
  },
};
