import type { AgentReadyMiddleware } from '@agent-ready/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CmsUnavailableError, type CmsClient } from './cms-client';
import { articlePage, blogIndexPage } from './pages/blog-pages';
import { contentPage } from './pages/content-page';
import { notFoundPage, unavailablePage } from './pages/error-pages';
import { faqIndexPage, faqPage } from './pages/faq-pages';
import { homePage } from './pages/home-page';
import type { PageView } from './pages/page-view';
import { policiesPage, policyPage } from './pages/policy-pages';
import { productPage, productsPage } from './pages/shop-pages';
import { renderLayout } from './render-layout';
import { isLocale, type Locale } from './site-text';

export interface SiteAppOptions {
  cms: CmsClient;
  /** The public origin (canonical URLs). */
  origin: string;
  siteName: string;
  /** The stylesheet, script and icon, served at /assets/. */
  assetsDir: string;
  /** Strapi's upload folder: images in the content point at /uploads/…. */
  uploadsDir: string;
  /** The agent-ready adapter: agent endpoints, and discovery links for every page. */
  agent: AgentReadyMiddleware;
}

type Handler = (req: Request, res: Response) => Promise<PageView | undefined>;

/** The Tinkerbench site: HTML pages rendered from Strapi's REST API, plus the agent endpoints. */
export function createSiteApp(options: SiteAppOptions): express.Express {
  const { cms, origin, siteName } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('strict routing', true);

  // First: answers agent endpoints (M-URLs, sitemaps, llms.txt, SCP, robots.txt) from the
  // table the Strapi plugin writes, and gives every page its discovery links.
  app.use(options.agent);
  app.use('/assets', express.static(options.assetsDir, { maxAge: '1h' }));
  app.use('/uploads', express.static(options.uploadsDir, { maxAge: '1d' }));

  const send = (req: Request, res: Response, view: PageView, status = 200) => {
    const discovery = res.locals.agentReady as
      { linkTags?: string; llmsTxtNotice?: string } | undefined;
    const { linkTags, llmsTxtNotice } = discovery ?? {};
    res
      .status(status)
      .type('html')
      .set('Cache-Control', 'no-cache')
      .send(
        renderLayout({
          ...view,
          path: req.path,
          origin,
          siteName,
          ...(linkTags ? { linkTags } : {}),
          ...(llmsTxtNotice ? { llmsTxtNotice } : {}),
        }),
      );
  };
  const page = (handler: Handler) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const view = await handler(req, res);
      if (view) send(req, res, view);
      else next();
    } catch (error) {
      next(error);
    }
  };
  const locale = (req: Request): Locale | undefined => {
    const value = String(req.params.locale ?? '');
    return isLocale(value) ? value : undefined;
  };

  // Pages live at paths ending in a slash; redirect the slash-less spelling.
  app.use((req, res, next) => {
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.path.endsWith('/') &&
      !/\.[a-z0-9]+$/i.test(req.path)
    ) {
      const query = req.originalUrl.slice(req.path.length);
      res.redirect(301, `${req.path}/${query}`);
      return;
    }
    next();
  });

  app.get(
    '/',
    page(async () => homePage(await cms.articles('en'), await cms.products(), siteName)),
  );
  app.get('/:locale/', (req, res, next) => {
    const code = locale(req);
    if (code) res.redirect(302, `/${code}/blog/`);
    else next();
  });
  app.get(
    '/:locale/blog/',
    page(async (req) => {
      const code = locale(req);
      if (!code) return undefined;
      const category = typeof req.query.category === 'string' ? req.query.category : undefined;
      return blogIndexPage(await cms.articles(code), code, category);
    }),
  );
  app.get(
    '/:locale/blog/:slug/',
    page(async (req) => {
      const code = locale(req);
      if (!code) return undefined;
      const article = await cms.article(code, String(req.params.slug));
      if (!article) return undefined;
      const other: Locale = code === 'en' ? 'fr' : 'en';
      const translation = await cms.translation(article.documentId, other);
      return articlePage(article, code, translation, origin);
    }),
  );
  app.get(
    '/products/',
    page(async () => productsPage(await cms.products())),
  );
  app.get(
    '/products/:slug/',
    page(async (req) => {
      const product = await cms.product(String(req.params.slug));
      return product && productPage(product, origin);
    }),
  );
  app.get(
    '/faq/',
    page(async () => faqIndexPage(await cms.faqs())),
  );
  app.get(
    '/faq/:slug/',
    page(async (req) => {
      const entry = await cms.faq(String(req.params.slug));
      return entry && faqPage(entry);
    }),
  );
  app.get(
    '/policies/',
    page(async () => policiesPage(await cms.policies())),
  );
  app.get(
    '/policies/:slug/',
    page(async (req) => {
      const policy = await cms.policy(String(req.params.slug));
      return policy && policyPage(policy);
    }),
  );
  app.get(
    '/about/',
    page(async () => {
      const about = await cms.about();
      return about && contentPage(about, 'about');
    }),
  );
  app.get(
    '/:slug/',
    page(async (req) => {
      const found = await cms.page(String(req.params.slug));
      return found && contentPage(found, 'pages');
    }),
  );

  app.use((req, res) => {
    send(req, res, notFoundPage(req.path.startsWith('/fr/') ? 'fr' : 'en'), 404);
  });
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof CmsUnavailableError) {
      console.error(`site: ${error.message}`);
      send(req, res, unavailablePage('en'), 502);
      return;
    }
    next(error);
  });
  return app;
}
