// GET /api/demo/ready: what the demo's start script waits for before it starts the site.
module.exports = {
  routes: [{ method: 'GET', path: '/demo/ready', handler: 'demo.ready', config: { auth: false } }],
};
