const { demoSettings } = require('../demo-settings');

// The agent-ready plugin (a dependency of this app, so Strapi finds it): the shared site options
// plus how each content type maps to agent documents, all in demo-settings.js.
module.exports = () => ({
  'agent-ready': { enabled: true, config: demoSettings().plugin },
});
