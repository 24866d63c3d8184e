// Answers once the seed content is in and the agent-ready table reflects every change made so
// far (start-up reconcile, queued syncs, artifact rebuilds), with the plugin's status.
module.exports = ({ strapi }) => ({
  async ready(ctx) {
    const agentReady = strapi.plugin('agent-ready').service('agent-ready');
    await agentReady.whenIdle();
    ctx.body = { ready: true, agentReady: agentReady.status() };
  },
});
