// @ts-check
'use strict';
// The one place both demo servers take their settings from: Strapi (config/*.js, through the
// plugin) and the Express site (read-only adapter). The adapter must see exactly the plugin's
// site options and database, or the two would describe different URLs or read another table.
const path = require('node:path');

const CMS_DIR = __dirname;

/**
 * @typedef {{ client: 'sqlite', filename: string }
 *   | { client: 'postgres', connection: { host: string, port: number, database: string,
 *       user: string, password: string, ssl?: { rejectUnauthorized: boolean } } }} DemoDatabase
 */

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} fallback
 */
function port(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got ${raw}`);
  }
  return value;
}

/**
 * SQLite by default (a file beside the app); PostgreSQL with DATABASE_CLIENT=postgres.
 * @param {NodeJS.ProcessEnv} env
 * @returns {DemoDatabase}
 */
function database(env) {
  const client = env.DATABASE_CLIENT || 'sqlite';
  if (client === 'sqlite') {
    return {
      client,
      filename: path.resolve(CMS_DIR, env.DATABASE_FILENAME || path.join('.tmp', 'data.db')),
    };
  }
  if (client === 'postgres') {
    return {
      client,
      connection: {
        host: env.DATABASE_HOST || '127.0.0.1',
        port: port(env, 'DATABASE_PORT', 5432),
        database: env.DATABASE_NAME || 'agent_ready_demo',
        user: env.DATABASE_USERNAME || 'postgres',
        password: env.DATABASE_PASSWORD || '',
        ...(env.DATABASE_SSL === 'true' ? { ssl: { rejectUnauthorized: false } } : {}),
      },
    };
  }
  throw new Error(`DATABASE_CLIENT must be sqlite or postgres, got ${client}`);
}

/**
 * The TCT profile both servers serve: `tct-1` (default) or `tct-03` (draft -03).
 * @param {NodeJS.ProcessEnv} env
 * @returns {'tct-1' | 'tct-03'}
 */
function tctProfile(env) {
  const value = env.DEMO_TCT_PROFILE || 'tct-1';
  if (value !== 'tct-1' && value !== 'tct-03') {
    throw new Error(`DEMO_TCT_PROFILE must be tct-1 or tct-03, got ${value}`);
  }
  return value;
}

/**
 * The shared cache in front of the site (DEMO_EDGE=varnish): Varnish with docs/edge/varnish.vcl
 * on DEMO_EDGE_PORT (the start script picks a free one), purged by both servers through the
 * purge token DEMO_EDGE_TOKEN. Undefined without DEMO_EDGE.
 * @param {NodeJS.ProcessEnv} env
 */
function edge(env) {
  const kind = env.DEMO_EDGE || '';
  if (kind === '') return undefined;
  if (kind !== 'varnish') throw new Error(`DEMO_EDGE must be varnish (or unset), got ${kind}`);
  const edgePort = port(env, 'DEMO_EDGE_PORT', 6081);
  const token = env.DEMO_EDGE_TOKEN || '';
  return {
    kind,
    port: edgePort,
    url: `http://localhost:${edgePort}`,
    token,
    /** The `edge` option of both servers: agent responses kept until purged (docs/edge.md). */
    option: {
      purger: {
        type: /** @type {const} */ ('varnish'),
        addresses: [`http://127.0.0.1:${edgePort}`],
        ...(token ? { token } : {}),
      },
    },
  };
}

/**
 * Everything the demo's two servers and its start script agree on.
 * @param {NodeJS.ProcessEnv} [env]
 */
function demoSettings(env = process.env) {
  const cmsPort = port(env, 'DEMO_CMS_PORT', 1337);
  const sitePort = port(env, 'DEMO_SITE_PORT', 3000);
  const siteUrl = `http://localhost:${sitePort}`;
  const cmsUrl = `http://localhost:${cmsPort}`;
  // The public origin every agent URL is built on: the site, not Strapi. DEMO_ORIGIN names the
  // origin the site would have in production (e.g. https://shop.example), for llmindex.
  const origin = (env.DEMO_ORIGIN || siteUrl).replace(/\/+$/, '');
  const https = origin.startsWith('https://');
  const edgeCache = edge(env);

  const site = {
    origin,
    name: 'Tinkerbench',
    language: 'en',
    summary:
      'Tinkerbench sells microcontroller boards, sensors and tools for makers, and publishes step-by-step electronics projects.',
    details:
      'Project articles come in English and French. Prices are in euros and include VAT; orders ship from Lyon within two working days.',
    overviewPath: '/about/',
  };

  /** The shared agent-ready options (`AgentSiteOptions`): the plugin's and the adapter's. */
  const agentReady = {
    site,
    // The TCT wire profile of M-URLs and the JSON sitemap (DEMO_TCT_PROFILE).
    tct: { profile: tctProfile(env) },
    policy: {
      effective: '2025-10-01T00:00:00Z',
      urls: {
        contact: `${origin}/contact/`,
        termsOfService: `${origin}/policies/terms-of-use/`,
      },
    },
    llmsTxt: {
      sections: {
        order: ['pages', 'blog', 'products', 'faq', 'policies'],
        titles: {
          pages: 'About Tinkerbench',
          blog: 'Projects and guides',
          products: 'Products',
          faq: 'FAQ',
          policies: 'Policies',
        },
      },
    },
    // SCP collections per section: a snapshot and daily deltas for the last week (defaults).
    scp: {},
    // llmindex names an https entity (llmindex §3): only on when the public origin is https.
    llmindex: https
      ? {
          topics: ['microcontrollers', 'sensors', 'electronics projects', 'maker tools'],
          license: 'CC-BY-4.0',
        }
      : /** @type {const} */ (false),
    robotsTxt: { rules: 'User-agent: *\nAllow: /\n' },
    // AI usage preferences (IETF AIPREF): Content-Usage on every page and agent endpoint, lines
    // in robots.txt, the policy's purposes. Product data may train models (see contentTypes).
    usage: { trainAi: false, search: true },
    // Agent traffic, counted by both servers into one table: the plugin page and /llm-stats.json.
    // Written every 5 s (default 30 s) so a sandbox shows its numbers at once.
    metrics: { stats: /** @type {const} */ ('public'), flushIntervalMs: 5000 },
    // Web Bot Auth: signed requests from agents are verified and labelled in the metrics.
    botAuth: { enabled: true },
    // The published documents as a read-only MCP server at /mcp, on both servers (docs/mcp.md).
    mcp: { enabled: true },
    // DEMO_EDGE=varnish: Varnish in front keeps agent responses until a change purges them.
    ...(edgeCache ? { edge: edgeCache.option } : {}),
  };

  /** How each content type becomes agent documents (the plugin's `contentTypes`). */
  const contentTypes = {
    'api::article.article': {
      url: '/{locale}/blog/{slug}/',
      title: 'title',
      body: 'body',
      description: 'excerpt',
      author: 'author',
      published: 'publishedOn',
      section: 'blog',
    },
    'api::about.about': {
      url: '/about/',
      body: 'content',
      section: 'pages',
      llmindex: { role: 'about' },
    },
    'api::page.page': { url: '/{slug}/', section: 'pages' },
    'api::faq.faq': {
      url: '/faq/{slug}/',
      title: 'question',
      body: 'answer',
      section: 'faq',
      llmindex: { role: 'faq', topic: 'topic' },
    },
    'api::policy.policy': {
      url: '/policies/{slug}/',
      section: 'policies',
      llmindex: { role: 'policy' },
    },
    'api::product.product': {
      url: '/products/{slug}/',
      title: 'name',
      body: 'content',
      description: 'summary',
      section: 'products',
      usage: { trainAi: true },
      llmindex: {
        role: 'product',
        availability: 'availability',
        price: 'price',
        currency: 'currency',
        id: 'sku',
        brand: 'brand',
        category: 'category',
      },
    },
  };

  return {
    cms: {
      port: cmsPort,
      url: cmsUrl,
      dir: CMS_DIR,
      // Strapi's public folder: media uploads land in its uploads/, which the site serves too.
      publicDir: path.resolve(CMS_DIR, env.DEMO_PUBLIC_DIR || 'public'),
    },
    site: { port: sitePort, url: siteUrl },
    /** The shared cache in front of the site (DEMO_EDGE), if any. */
    edge: edgeCache,
    origin,
    database: database(env),
    locales: ['en', 'fr'],
    agentReady,
    // No `locales`: every locale is exposed. (Listing them would fail the first start: the
    // plugin checks them at its bootstrap, before this app's bootstrap creates `fr`.)
    /**
     * The plugin's `config` (config/plugins.js). Strapi's uploads are served by the site too, on
     * the public origin: media and the images of blocks fields are linked there.
     */
    plugin: { ...agentReady, contentTypes, media: { baseUrl: origin } },
    /** Fixed credentials of a local sandbox; override them for anything else. */
    admin: {
      email: env.DEMO_ADMIN_EMAIL || 'admin@tinkerbench.test',
      password: env.DEMO_ADMIN_PASSWORD || 'Tinkerbench-demo-1',
    },
  };
}

module.exports = { demoSettings };
