import request from 'supertest';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';
import { adminJwt, createAdminUser, superAdminRoleId } from './support/admin-users';

// A Strapi with the plugin installed but not (fully) configured: it starts, serves nothing to
// agents (requests reach Strapi as if the plugin were absent), logs one warning saying what to set
// and where, and the admin API reports the state; settings saved in the admin panel can supply
// what config/plugins leaves out. A value that is present but wrong still fails the start.

const ADMIN = 'admin@example.com';
const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

/** Boots, logs a super admin in, runs `body`, and stops Strapi (keeping the database). */
async function withAdmin(
  options: Parameters<typeof bootFixture>[0],
  body: (f: Fixture, jwt: string) => Promise<void>,
): Promise<void> {
  const f = await bootFixture(options);
  try {
    const existing = await f.strapi.db
      .query('admin::user' as never)
      .findOne({ where: { email: ADMIN } } as never);
    if (!existing) await createAdminUser(f.strapi, ADMIN, [await superAdminRoleId(f.strapi)]);
    await body(f, await adminJwt(f.http, ADMIN));
  } finally {
    await f.stop({ keepDatabase: true });
  }
}

const notConfiguredWarnings = (f: Fixture) =>
  f.warnings.filter((message) => message.includes('agent-ready is not configured'));

const ORIGIN_ONLY = {
  site: { origin: 'https://example.com' },
  rebuild: FIXTURE_CONFIG.rebuild,
};

// First: Strapi gives up loading at the bad config while other loaders are still in flight, and
// they finish during the tests that follow (after the last test, they would outlive jest's
// environment).
describe('only a missing setting is "not configured"', () => {
  it('a value that is present but wrong still fails the start, naming the key', async () => {
    await expect(bootFixture({ config: { ...ORIGIN_ONLY, contentType: {} } })).rejects.toThrow(
      /contentType: unknown option; did you mean contentTypes\?/,
    );
    await expect(
      bootFixture({
        config: { site: { name: 'No origin' }, contentTypes: { 'api::page.page': 'yes' } },
      }),
    ).rejects.toThrow(/contentTypes\["api::page\.page"\]: must be true or a mapping object/);
  });
});

describe('installed without any config', () => {
  let database: FixtureDatabase;

  beforeAll(async () => {
    database = await createFixtureDatabase('sqlite');
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('starts, serves nothing, warns once and reports not-configured to the admin', async () => {
    await withAdmin({ database, config: null }, async (f, jwt) => {
      await f.agentReady.whenIdle();
      expect(f.agentReady.status()).toMatchObject({
        state: 'not-configured',
        contentTypes: [],
        missing: ['site.origin', 'site.name', 'contentTypes'],
      });

      // Strapi's own 404 (its JSON error body), not one of the plugin's answers.
      const sitemap = await request(f.http).get('/llm-sitemap.json');
      expect(sitemap.status).toBe(404);
      expect(sitemap.body).toMatchObject({ data: null, error: { status: 404 } });
      expect(sitemap.headers.etag).toBeUndefined();
      const root = await request(f.http).get('/');
      expect(root.headers.link).toBeUndefined();
      // Content still saves normally (nothing is tracked, nothing is queued).
      await f.strapi.documents('api::article.article' as never).create({
        data: { title: 'Saved', slug: 'saved', content: blocks('Body.') },
        status: 'published',
      } as never);
      expect(f.agentReady.status().pending).toBe(0);

      // One warning, naming every missing key and where to set it.
      const warnings = notConfiguredWarnings(f);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/site\.origin, site\.name and contentTypes are missing/);
      expect(warnings[0]).toContain("config/plugins.(js|ts) under 'agent-ready'");
      expect(warnings[0]).toContain('Settings → Agent Ready → Agents and AI');

      const auth = { Authorization: `Bearer ${jwt}` };
      const overview = await request(f.http).get('/agent-ready/overview').set(auth);
      expect(overview.status).toBe(200);
      expect(overview.body).toMatchObject({
        state: 'not-configured',
        missing: [
          { key: 'site.origin', settableInAdmin: false },
          { key: 'site.name', settableInAdmin: true },
          { key: 'contentTypes', settableInAdmin: true },
        ],
        contentTypes: [],
        endpoints: [],
      });
      expect(overview.body.origin).toBeUndefined();
      expect(overview.body.problems[0]).toMatchObject({ level: 'warn' });

      const settings = await request(f.http).get('/agent-ready/settings').set(auth);
      expect(settings.status).toBe(200);
      expect(settings.body.missing.map((m: { key: string }) => m.key)).toEqual([
        'site.origin',
        'site.name',
        'contentTypes',
      ]);
      expect(settings.body.settings.contentTypes).toEqual({});
      // The origin cannot come from the admin panel: saving says so, and saves nothing.
      const save = await request(f.http)
        .put('/agent-ready/settings')
        .set(auth)
        .send({ site: { name: 'Site' }, contentTypes: { 'api::page.page': true } });
      expect(save.status).toBe(400);
      expect(save.body.error.details.errors).toEqual([
        expect.objectContaining({ path: ['site', 'origin'] }),
      ]);
      // Checking and rebuilding need a configured plugin.
      expect((await request(f.http).post('/agent-ready/check').set(auth)).status).toBe(409);
      expect((await request(f.http).post('/agent-ready/rebuild').set(auth)).status).toBe(409);
    });
  });
});

describe('an incomplete config', () => {
  let database: FixtureDatabase;

  beforeAll(async () => {
    database = await createFixtureDatabase('sqlite');
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('starts once the settings page supplies the rest, and keeps it across a restart', async () => {
    await withAdmin({ database, config: ORIGIN_ONLY }, async (f, jwt) => {
      await f.agentReady.whenIdle();
      expect(f.agentReady.status()).toMatchObject({
        state: 'not-configured',
        missing: ['site.name', 'contentTypes'],
      });
      const warnings = notConfiguredWarnings(f);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/site\.name and contentTypes are missing/);
      expect((await request(f.http).get('/llm-sitemap.json')).status).toBe(404);
      await f.strapi.documents('api::page.page' as never).create({
        data: { title: 'About', slug: 'about', body: 'About us.' },
        status: 'published',
      } as never);

      const auth = { Authorization: `Bearer ${jwt}` };
      const settings = await request(f.http).get('/agent-ready/settings').set(auth);
      expect(settings.body.readOnly.origin).toBe('https://example.com');
      const save = await request(f.http)
        .put('/agent-ready/settings')
        .set(auth)
        .send({ site: { name: 'Saved here' }, contentTypes: { 'api::page.page': true } });
      expect(save.status).toBe(200);
      expect(save.body.missing).toBeUndefined();
      await f.agentReady.whenIdle();
      expect(f.agentReady.status()).toMatchObject({
        state: 'ready',
        contentTypes: ['api::page.page'],
      });
      expect(f.agentReady.status().missing).toBeUndefined();
      const sitemap = await request(f.http).get('/llm-sitemap.json');
      expect(sitemap.status).toBe(200);
      expect(JSON.parse(sitemap.text).items).toHaveLength(1);
      const overview = await request(f.http).get('/agent-ready/overview').set(auth);
      expect(overview.body).toMatchObject({ state: 'ready', origin: 'https://example.com' });
      expect(overview.body.missing).toBeUndefined();
    });

    // The saved settings supply what config/plugins lacks at the next start.
    const f = await bootFixture({ database, config: ORIGIN_ONLY });
    try {
      await f.agentReady.whenIdle();
      expect(f.agentReady.status()).toMatchObject({
        state: 'ready',
        settings: { source: 'admin' },
      });
      expect(notConfiguredWarnings(f)).toEqual([]);
      expect((await request(f.http).get('/llm-sitemap.json')).status).toBe(200);
    } finally {
      await f.stop({ keepDatabase: true });
    }
  });

  it('without an origin: waits for config/plugins and a restart, tracking no change', async () => {
    const f = await bootFixture({
      config: { site: { name: 'No origin' }, contentTypes: { 'api::page.page': true } },
    });
    try {
      await f.agentReady.whenIdle();
      expect(f.agentReady.status()).toMatchObject({
        state: 'not-configured',
        missing: ['site.origin'],
      });
      const warnings = notConfiguredWarnings(f);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /site\.origin is missing\. Set site\.origin in .*, then restart Strapi\.$/,
      );
      await f.strapi.documents('api::page.page' as never).create({
        data: { title: 'Contact', slug: 'contact', body: 'Write to us.' },
        status: 'published',
      } as never);
      expect(f.agentReady.status().pending).toBe(0);
      expect((await request(f.http).get('/llm-sitemap.json')).status).toBe(404);
    } finally {
      await f.stop();
    }
  });
});
