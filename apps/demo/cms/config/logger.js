// `info` shows the plugin's start-up reconcile; LOG_LEVEL=http adds every request.
module.exports = ({ env }) => ({ level: env('LOG_LEVEL', 'info') });
