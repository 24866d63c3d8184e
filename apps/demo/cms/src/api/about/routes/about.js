const { factories } = require('@strapi/strapi');

// Reading published content is public (the site renders from it); writing needs an API token.
module.exports = factories.createCoreRouter('api::about.about', {
  config: { find: { auth: false } },
});
