const { factories } = require('@strapi/strapi');

// Reading published content is public (the site renders from it); writing needs an API token.
module.exports = factories.createCoreRouter('api::policy.policy', {
  config: { find: { auth: false }, findOne: { auth: false } },
});
