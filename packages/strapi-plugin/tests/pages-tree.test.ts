import request from 'supertest';
import { mUrlFor } from '@agent-ready/core/tct';
import { availableDialects, type DialectName } from '@agent-ready/test-support';
import { adminJwt, createAdminUser, superAdminRoleId } from './support/admin-users';
import { expectParity, getRaw, pathOf, sitemapItems } from './support/agent-http';
import {
  bootFixture,
  createFixtureDatabase,
  PAGES_TREE_APP_DIR,
  type Fixture,
} from './support/fixture-app';
import { DOCUMENTS, FILES, MARKER } from './support/pages-tree-seed';
import { seedDocuments, type Seeded } from './support/seed-documents';
import { everyAgentEndpoint, twinPath } from './support/seeded-strings';

// Issue 44 on a site built as a tree of pages (tests/fixtures/pages-tree, modelled on the
// Strapi + Next.js starters with nested pages): the page type keeps a `fullPath` that the app's
// own Document Service middleware works out from the slug and the parent, and rewrites for the
// page's descendants when it changes. The plugin is configured as a new user would (the page
// type `true`: its default pattern `/{locale}/{fullPath*}`, the default locale unprefixed).
// Each move is made the three ways content changes in real apps: the Document Service (update,
// then publish), the REST API (PUT, which publishes) and the Content Manager's routes (the
// draft saved, then published); on PostgreSQL each kind of move one of the ways (SERVER_WAYS).
// After each, every page of the moved subtree answers at its new URL with its content, 410 at
// its old one; the sitemap lists exactly the URLs the front end has; the change feed lists the
// old URLs as removed and the new ones as upserted.

const ORIGIN = 'https://www.pages.example';
const PAGE = 'api::page.page';
const CONFIG = {
  site: { origin: ORIGIN, name: 'Northwind Studio' },
  rebuild: { debounceMs: 10, healIntervalMs: 0 },
  urls: { localePrefix: 'except-default' },
  contentTypes: { [PAGE]: true },
};

type Locale = 'en' | 'cs';
const LOCALES: Locale[] = ['en', 'cs'];
const DEFAULT_LOCALE: Locale = 'en';

/** How content changes in real apps. */
type Way = 'the Document Service' | 'the REST API' | 'the Content Manager';
const WAYS: Way[] = ['the Document Service', 'the REST API', 'the Content Manager'];

/** How the app's middleware rewrites a moved page's descendants (config/hierarchy.js). */
type ChildUpdates = 'documents' | 'query';

/** A page version as the test knows it: what the seed (and the moves since) gave it. */
interface Version {
  title: string;
  slug: string;
  parent?: string;
}

/** A move: one page in one locale gets a new slug or a new parent. */
interface Move {
  key: string;
  locale: Locale;
  slug?: string;
  parent?: string;
}

/**
 * The moves each way makes, in order, per child-update style: (a) a slug change of a page with
 * descendants (`about`: team, careers, history), (b) a parent change of one (`web-design`:
 * e-commerce, headless), (c) in Czech, the non-default locale (the English versions stay).
 * Never back to an earlier URL.
 */
const MOVES: Record<ChildUpdates, Record<string, Record<Way, Move>>> = {
  documents: {
    'a slug change': {
      'the Document Service': { key: 'page-about', locale: 'en', slug: 'about-us' },
      'the REST API': { key: 'page-about', locale: 'en', slug: 'company' },
      'the Content Manager': { key: 'page-about', locale: 'en', slug: 'who-we-are' },
    },
    'a parent change': {
      'the Document Service': { key: 'page-web-design', locale: 'en', parent: 'page-solutions' },
      'the REST API': { key: 'page-web-design', locale: 'en', parent: 'page-work' },
      'the Content Manager': { key: 'page-web-design', locale: 'en', parent: 'page-industries' },
    },
    'a slug change in Czech': {
      'the Document Service': { key: 'page-about', locale: 'cs', slug: 'o-firme' },
      'the REST API': { key: 'page-about', locale: 'cs', slug: 'kdo-jsme' },
      'the Content Manager': { key: 'page-about', locale: 'cs', slug: 'o-spolecnosti' },
    },
  },
  query: {
    'a slug change': {
      'the Document Service': { key: 'page-about', locale: 'en', slug: 'studio' },
      'the REST API': { key: 'page-about', locale: 'en', slug: 'agency' },
      'the Content Manager': { key: 'page-about', locale: 'en', slug: 'our-story' },
    },
    'a parent change in Czech': {
      'the Document Service': { key: 'page-web-design', locale: 'cs', parent: 'page-partners' },
      'the REST API': { key: 'page-web-design', locale: 'cs', parent: 'page-resources' },
      'the Content Manager': { key: 'page-web-design', locale: 'cs', parent: 'page-labs' },
    },
  },
};

/**
 * On PostgreSQL, each kind of move is made one way (each way at least once): what the server
 * adds is the app's fullPath middleware and its Query Engine rewrite of the descendants on its
 * dialect, and the plugin's Query Engine subscription hearing of them there; every kind × way is
 * made on SQLite, where the ways' HTTP and Document Service paths are the same code.
 */
const SERVER_WAYS: Record<ChildUpdates, Record<string, Way>> = {
  documents: {
    'a slug change': 'the Content Manager',
    'a parent change': 'the Document Service',
    'a slug change in Czech': 'the REST API',
  },
  query: {
    'a slug change': 'the Document Service',
    'a parent change in Czech': 'the Content Manager',
  },
};

/** The published pages of the seed, per key and locale, as the front end's routes read them. */
function seededTree(): Map<string, Partial<Record<Locale, Version>>> {
  const tree = new Map<string, Partial<Record<Locale, Version>>>();
  for (const document of DOCUMENTS) {
    if (document.uid !== PAGE || document.status !== 'published') continue;
    const versions: Partial<Record<Locale, Version>> = {};
    for (const [locale, data] of Object.entries(document.locales)) {
      const parent = (data.parent as { __seedRelation?: string[] } | undefined)?.__seedRelation;
      versions[locale as Locale] = {
        title: String(data.title),
        slug: String(data.slug),
        ...(parent ? { parent: parent[0] } : {}),
      };
    }
    tree.set(document.key, versions);
  }
  return tree;
}

/** `/`, the parent's path and the slug, as the starter's front end and the app join them. */
const joinPath = (...parts: (string | undefined)[]) => {
  const path = ['', ...parts.filter(Boolean)].join('/').replace(/\/+/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : '/';
};

const DIALECTS: DialectName[] = availableDialects().includes('postgres')
  ? ['sqlite', 'postgres']
  : ['sqlite'];

describe.each(DIALECTS)('a tree of pages whose fullPath the app keeps [%s]', (dialect) => {
  let f: Fixture;
  let seeded: Seeded;
  let jwt = '';
  const tree = seededTree();

  const version = (key: string, locale: Locale) => {
    const found = tree.get(key)?.[locale];
    if (!found) throw new Error(`no ${key} [${locale}] in the tree`);
    return found;
  };
  const fullPath = (key: string, locale: Locale): string => {
    const { parent, slug } = version(key, locale);
    return joinPath(parent ? fullPath(parent, locale) : undefined, slug);
  };
  /**
   * The page's path on the front end (the starter's routing, next-intl's `as-needed` prefix):
   * its fullPath, prefixed with the locale except in the default one.
   */
  const pathOfPage = (key: string, locale: Locale) => {
    const path = fullPath(key, locale);
    if (locale === DEFAULT_LOCALE) return path;
    return path === '/' ? `/${locale}` : `/${locale}${path}`;
  };
  /** Every published page version's path, by `key:locale`. */
  const everyPath = () =>
    new Map<string, string>(
      [...tree].flatMap(([key, versions]) =>
        LOCALES.filter((locale) => versions[locale]).map(
          (locale) => [`${key}:${locale}`, pathOfPage(key, locale)] as const,
        ),
      ),
    );
  /** The page and every page under it, in a locale. */
  const subtree = (key: string, locale: Locale): string[] => [
    key,
    ...[...tree]
      .filter(([, versions]) => versions[locale]?.parent === key)
      .flatMap(([child]) => subtree(child, locale)),
  ];
  const documentId = (key: string) => seeded.documentIds.get(key)!;
  const mUrlPath = (path: string) => pathOf(mUrlFor(`${ORIGIN}${path}`));
  const status = async (path: string) => (await getRaw(f.http, path)).status;
  const whenIdle = () => f.agentReady.whenIdle();
  async function cursorNow(): Promise<string> {
    const res = await request(f.http).get('/llm-changes.json?since=now');
    return (JSON.parse(res.text) as { next: string }).next;
  }
  async function changesSince(since: string): Promise<{ change: string; path: string }[]> {
    const res = await request(f.http).get(`/llm-changes.json?since=${since}`);
    expect(res.status).toBe(200);
    return (JSON.parse(res.text) as { changes: { change: string; cUrl: string }[] }).changes.map(
      (c) => ({ change: c.change, path: pathOf(c.cUrl) }),
    );
  }
  async function mUrlJson(path: string): Promise<Record<string, string>> {
    const res = await getRaw(f.http, mUrlPath(path));
    expect([path, res.status]).toEqual([path, 200]);
    return JSON.parse((res.body as Buffer).toString('utf8')) as Record<string, string>;
  }
  /** A draft row's id, as the Content Manager's relation inputs name a target. */
  async function draftRowId(key: string, locale: Locale): Promise<number> {
    const row = (await f.strapi.db.query(PAGE as never).findOne({
      where: { documentId: documentId(key), locale, publishedAt: null },
      select: ['id'],
    } as never)) as { id: number } | null;
    if (!row) throw new Error(`no draft of ${key} [${locale}]`);
    return row.id;
  }

  /**
   * The Content Manager's edit form as the admin panel sends it back: the draft as it loaded it,
   * every relation an empty `{ connect, disconnect }` unless changed (relations load as counts).
   */
  function formBody(draft: Record<string, unknown>): Record<string, unknown> {
    const SYSTEM = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);
    const SYSTEM_RELATIONS = new Set(['createdBy', 'updatedBy', 'localizations']);
    const form = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(form);
      if (value === null || typeof value !== 'object') return value;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length === 1 && keys[0] === 'count') return { connect: [], disconnect: [] };
      return Object.fromEntries(Object.entries(record).map(([name, inner]) => [name, form(inner)]));
    };
    return Object.fromEntries(
      Object.entries(draft)
        .filter(([name]) => !SYSTEM.has(name) && !SYSTEM_RELATIONS.has(name))
        .map(([name, value]) => [name, form(value)]),
    );
  }

  /** Makes one move the given way. */
  async function makeMove(way: Way, move: Move): Promise<void> {
    const { key, locale } = move;
    const id = documentId(key);
    if (way === 'the Document Service') {
      const pages = f.strapi.documents(PAGE as never) as unknown as {
        update(params: object): Promise<unknown>;
        publish(params: object): Promise<unknown>;
      };
      const data = move.slug
        ? { slug: move.slug }
        : { parent: { set: [{ documentId: documentId(move.parent!), locale }] } };
      await pages.update({ documentId: id, locale, data });
      await pages.publish({ documentId: id, locale });
    } else if (way === 'the REST API') {
      const data = move.slug
        ? { slug: move.slug }
        : { parent: { set: [{ documentId: documentId(move.parent!), locale }] } };
      const res = await request(f.http)
        .put(`/api/pages/${id}?locale=${locale}`)
        .set('Authorization', `Bearer ${f.apiToken}`)
        .send({ data });
      expect([res.status, res.text]).toEqual([200, expect.any(String)]);
    } else {
      const base = `/content-manager/collection-types/${PAGE}/${id}`;
      const loaded = await request(f.http)
        .get(`${base}?locale=${locale}`)
        .set('Authorization', `Bearer ${jwt}`);
      expect(loaded.status).toBe(200);
      const body = formBody((loaded.body as { data: Record<string, unknown> }).data);
      if (move.slug) body.slug = move.slug;
      else {
        const was = version(key, locale).parent;
        body.parent = {
          connect: [
            {
              id: await draftRowId(move.parent!, locale),
              documentId: documentId(move.parent!),
              locale,
              isTemporary: true,
            },
          ],
          disconnect: was
            ? [{ id: await draftRowId(was, locale), documentId: documentId(was), locale }]
            : [],
        };
      }
      const saved = await request(f.http)
        .put(`${base}?locale=${locale}`)
        .set('Authorization', `Bearer ${jwt}`)
        .send(body);
      expect([saved.status, saved.text]).toEqual([200, expect.any(String)]);
      const published = await request(f.http)
        .post(`${base}/actions/publish?locale=${locale}`)
        .set('Authorization', `Bearer ${jwt}`)
        .send(body);
      expect([published.status, published.text]).toEqual([200, expect.any(String)]);
    }
    const moved = version(key, locale);
    if (move.slug) moved.slug = move.slug;
    if (move.parent) moved.parent = move.parent;
  }

  /**
   * What agents must see after `move`: every page of the moved subtree at its new URL (200, its
   * title, its parent), 410 at the old one (M-URL and twin); the sitemap exactly the front end's
   * URLs; the change feed since `since`: the old URLs removed, the new ones upserted, no upsert
   * at an old URL (issue 44's `upsert /about`).
   */
  async function expectMoved(move: Move, before: Map<string, string>, since: string) {
    const after = everyPath();
    const moved: string[] = subtree(move.key, move.locale).map((key) => `${key}:${move.locale}`);
    const oldPaths = moved.map((at) => before.get(at)!);
    const newPaths = moved.map((at) => after.get(at)!);
    expect(oldPaths.filter((path) => newPaths.includes(path))).toEqual([]);
    for (const [at, path] of after) if (!moved.includes(at)) expect(before.get(at)).toBe(path);

    const answers = async (paths: string[], mUrlOrTwin: (path: string) => string) =>
      Promise.all(paths.map(async (path) => [path, await status(mUrlOrTwin(path))]));
    expect(await answers(oldPaths, mUrlPath)).toEqual(oldPaths.map((path) => [path, 410]));
    expect(await answers(oldPaths, twinPath)).toEqual(oldPaths.map((path) => [path, 410]));
    expect(await answers(newPaths, twinPath)).toEqual(newPaths.map((path) => [path, 200]));
    for (const at of moved) {
      const [key, locale] = at.split(':') as [string, Locale];
      const json = await mUrlJson(after.get(at)!);
      const { title, parent } = version(key, locale);
      expect(json).toMatchObject({
        canonical_url: `${ORIGIN}${after.get(at)}`,
        title,
        language: locale,
      });
      expect(json.content).toContain(`Parent: ${version(parent!, locale).title}`);
    }

    const listed = (await sitemapItems(f.http)).map((item) => pathOf(item.cUrl));
    expect(listed.sort()).toEqual([...after.values()].sort());

    const changes = await changesSince(since);
    const removed = changes.filter((c) => c.change === 'removed').map((c) => c.path);
    const upserted = changes.filter((c) => c.change === 'upsert').map((c) => c.path);
    expect(removed.sort()).toEqual([...oldPaths].sort());
    expect(upserted).toEqual(expect.arrayContaining(newPaths));
    expect(upserted.filter((path) => oldPaths.includes(path))).toEqual([]);
  }

  beforeAll(async () => {
    const database = await createFixtureDatabase(dialect, PAGES_TREE_APP_DIR);
    f = await bootFixture({ appDir: PAGES_TREE_APP_DIR, database, config: CONFIG });
    seeded = await seedDocuments(f.strapi, { files: FILES, documents: DOCUMENTS });
    await createAdminUser(f.strapi, 'editor@pages.example', [await superAdminRoleId(f.strapi)]);
    jwt = await adminJwt(f.http, 'editor@pages.example');
    await whenIdle();
  }, 300_000);

  afterAll(async () => {
    await f?.stop();
  });

  it('serves every published page at the URL the front end has: English unprefixed, /cs/… for Czech, both root pages', async () => {
    const paths = everyPath();
    expect(paths.get('page-home:en')).toBe('/');
    expect(paths.get('page-home:cs')).toBe('/cs');
    expect(paths.get('page-headless:en')).toBe('/services/web-design/e-commerce/headless');
    expect(paths.get('page-headless:cs')).toBe('/cs/sluzby/tvorba-webu/e-shopy/headless-obchod');
    const items = await expectParity(f.http);
    expect(items.map((item) => pathOf(item.cUrl)).sort()).toEqual([...paths.values()].sort());
    expect(await mUrlJson('/')).toMatchObject({ title: 'Homepage', language: 'en' });
    expect(await mUrlJson('/cs')).toMatchObject({ title: 'Hlavní stránka', language: 'cs' });
    expect((await mUrlJson('/about/team/careers')).content).toContain(
      'Yes: most of the team works from home three days a week.',
    );
    // Drafts (a page never published, an edit not published) reach no agent endpoint.
    const leaks = (await everyAgentEndpoint(f.http, LOCALES))
      .filter(({ text }) => text.includes(MARKER))
      .map(({ path }) => path);
    expect(leaks).toEqual([]);
  });

  /** The moves of `MOVES[childUpdates]`, each a test of its own. */
  function moveTests(childUpdates: ChildUpdates) {
    beforeAll(() => f.strapi.config.set('hierarchy.childUpdates', childUpdates));
    for (const [kind, byWay] of Object.entries(MOVES[childUpdates])) {
      const ways = dialect === 'sqlite' ? WAYS : [SERVER_WAYS[childUpdates][kind]!];
      for (const way of ways) {
        const move = byWay[way];
        const what = move.slug ? `slug ${move.slug}` : `parent ${move.parent}`;
        it(`${kind} through ${way} (${move.key} [${move.locale}] → ${what}): the subtree moves`, async () => {
          const before = everyPath();
          const since = await cursorNow();
          await makeMove(way, move);
          await whenIdle();
          await expectMoved(move, before, since);
        });
      }
    }
  }

  describe('descendants updated and published by the app through the Document Service', () => {
    moveTests('documents');
  });

  // A page shows its parent and children, linked in its Markdown twin (`Children: [About us](…)`),
  // and sections link to pages (`Page: [Web design](…)`): when a page moves, every page showing
  // it follows (found by the store's dependency index), and its old parent no longer lists it.
  it('the pages showing a moved page (its parent, its old parent, a link to it) show it where it is now', async () => {
    const twin = async (key: string, locale: Locale) => {
      const res = await getRaw(f.http, twinPath(pathOfPage(key, locale)));
      expect(res.status).toBe(200);
      return (res.body as Buffer).toString('utf8');
    };
    const link = (key: string, locale: Locale) =>
      `[${version(key, locale).title}](${ORIGIN}${pathOfPage(key, locale)})`;
    const childrenLine = (content: string) => /^Children: .*$/m.exec(content)?.[0] ?? '';
    // `about` has had a new slug in each locale, `web-design` a new parent (three on SQLite).
    expect(await twin('page-home', 'en')).toContain(link('page-about', 'en'));
    expect(await twin('page-home', 'cs')).toContain(link('page-about', 'cs'));
    const parent = version('page-web-design', 'en').parent!;
    expect(childrenLine(await twin(parent, 'en'))).toContain(link('page-web-design', 'en'));
    // Its first parent, which also links to it in its hero section.
    const services = await twin('page-services', 'en');
    expect(childrenLine(services)).not.toContain('Web design');
    expect(services).toContain(`Page: ${link('page-web-design', 'en')}`);
  });

  // The app rewrites the descendants with the Query Engine (`strapi.db.query().updateMany`),
  // beneath every Document Service middleware: the plugin's Query Engine subscription
  // (server/src/sync/query-engine-changes.ts) hears of them, so they move with the page the
  // editor saved. Each starts from a reconciled table, so one failure does not carry into the
  // next (nor the last into the tests after them).
  describe('descendants rewritten by the app through the Query Engine', () => {
    const reconcile = async () => {
      await f.agentReady.reconcile();
      await whenIdle();
    };
    beforeEach(reconcile);
    afterAll(reconcile);
    moveTests('query');
  });

  // The starter's SEO component has a `canonicalUrl`, a path its front end puts under the page's
  // locale (`/contact-us`, `/cs/kontakt`), which editors leave as it was when a page moves. The
  // page's C-URL is its route, where readers open it, never that canonical URL
  // (docs/protocols.md#tct-canonical-url).
  describe('a page with an SEO canonical URL, as the starter’s editors fill it in', () => {
    beforeAll(() => f.strapi.config.set('hierarchy.childUpdates', 'documents'));

    // Issue 44 word for word: the page is re-synced (the feed says `upsert /contact-us`) but
    // stays at its old URL, the one its canonical URL names, while the front end serves it at
    // its new fullPath (and the starter redirects the old one there).
    it('moves with its slug', async () => {
      const move: Move = { key: 'page-contact', locale: 'en', slug: 'get-in-touch' };
      const before = everyPath();
      const since = await cursorNow();
      await makeMove('the Document Service', move);
      await whenIdle();
      await expectMoved(move, before, since);
    });

    it('in Czech, is at the path under the locale (/cs/…)', async () => {
      const pages = f.strapi.documents(PAGE as never) as unknown as {
        update(params: object): Promise<unknown>;
        publish(params: object): Promise<unknown>;
      };
      const id = documentId('page-contact');
      await pages.update({
        documentId: id,
        locale: 'cs',
        data: { seo: { metaTitle: 'Kontakt', canonicalUrl: '/kontakt' } },
      });
      await pages.publish({ documentId: id, locale: 'cs' });
      await whenIdle();
      const listed = (await sitemapItems(f.http)).map((item) => pathOf(item.cUrl));
      expect(listed).toContain('/cs/kontakt');
      expect(listed).not.toContain('/kontakt');
    });
  });
});
