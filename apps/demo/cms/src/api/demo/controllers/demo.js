// Answers once the seed content is in and the agent-ready table reflects every change made so
// far (start-up reconcile, queued syncs, artifact rebuilds), with the plugin's status and, with
// DEMO_EDGE, the purge outbox's (tags still waiting for their first purge or their settle
// re-purge: until both are 0, a response Varnish keeps now may still be purged).
module.exports = ({ strapi }) => ({
  async ready(ctx) {
    const agentReady = strapi.plugin('agent-ready').service('agent-ready');
    await agentReady.whenIdle();
    const purges = await agentReady.purgeStatus();
    ctx.body = { ready: true, agentReady: agentReady.status(), ...(purges ? { purges } : {}) };
  },
});
