const { demoSettings } = require('../demo-settings');

// Local sandbox: listens on the loopback interface only, with fixed keys (override APP_KEYS and
// the secrets in admin.js for anything that is not a local demo).
module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: demoSettings().cms.port,
  dirs: { public: demoSettings().cms.publicDir },
  app: { keys: env.array('APP_KEYS', ['demo-app-key-a', 'demo-app-key-b']) },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});
