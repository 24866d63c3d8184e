import { markup, raw, type SafeHtml } from './html';
import { TEXT, type Locale } from './site-text';

export type Section = 'home' | 'blog' | 'products' | 'faq' | 'policies' | 'about' | 'pages';

export interface LayoutOptions {
  title: string;
  description?: string | null | undefined;
  locale: Locale;
  /** The page's path: its canonical URL is the public origin plus this path. */
  path: string;
  origin: string;
  siteName: string;
  /** The agent discovery `<link>` tags (`res.locals.agentReady.linkTags`). */
  linkTags?: string;
  /**
   * The adapter's pointer to llms.txt for agents reading the body
   * (`res.locals.agentReady.llmsTxtNotice`): first in the body, so agents that read only the top of
   * a page (or sample it) find it.
   */
  llmsTxtNotice?: string;
  /** Other language versions of the page. */
  alternates?: { locale: Locale; path: string }[];
  section?: Section;
  jsonLd?: object;
  body: SafeHtml;
}

/** The page shell every page shares: head, header navigation, footer, stylesheet and script. */
export function renderLayout(options: LayoutOptions): string {
  const t = TEXT[options.locale];
  const blog = `/${options.locale}/blog/`;
  const canonical = `${options.origin}${options.path}`;
  const nav: [Section, string, string][] = [
    ['blog', blog, t.projects],
    ['products', '/products/', t.products],
    ['faq', '/faq/', t.faq],
    ['policies', '/policies/', t.policies],
    ['about', '/about/', t.about],
  ];
  const other = options.alternates?.find((a) => a.locale !== options.locale);
  const otherLocale: Locale = options.locale === 'en' ? 'fr' : 'en';
  const title =
    options.section === 'home' ? options.title : `${options.title} · ${options.siteName}`;
  const jsonLd = options.jsonLd
    ? raw(
        `<script type="application/ld+json">${JSON.stringify(options.jsonLd).replace(/</g, '\\u003c')}</script>\n`,
      )
    : '';
  return markup`<!doctype html>
<html lang="${options.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${options.description ? markup`<meta name="description" content="${options.description}">\n` : ''}<link rel="canonical" href="${canonical}">
${(options.alternates ?? []).map((a) => markup`<link rel="alternate" hreflang="${a.locale}" href="${options.origin}${a.path}">\n`)}<meta property="og:site_name" content="${options.siteName}">
<meta property="og:title" content="${options.title}">
<meta property="og:url" content="${canonical}">
<meta property="og:type" content="${options.jsonLd ? 'article' : 'website'}">
${options.description ? markup`<meta property="og:description" content="${options.description}">\n` : ''}<meta name="theme-color" content="#276749">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/site.css">
${raw(options.linkTags ? `${options.linkTags}\n` : '')}${jsonLd}<script src="/assets/site.js" defer></script>
</head>
<body>
<a class="skip-link" href="#main">${t.skip}</a>
${raw(options.llmsTxtNotice ? `<div class="agent-notice container">${options.llmsTxtNotice}</div>\n` : '')}<header class="site-header">
  <div class="container site-header__inner">
    <a class="brand" href="/">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true"><rect x="3" y="6" width="22" height="16" rx="3" fill="#276749"/><circle cx="9" cy="14" r="2.5" fill="#ecc94b"/><circle cx="19" cy="14" r="2.5" fill="#ecc94b"/></svg>
      <span>${options.siteName}</span>
      <small>${t.tagline}</small>
    </a>
    <button class="nav-toggle" type="button" aria-expanded="false" aria-controls="site-nav">Menu</button>
    <nav id="site-nav" class="site-nav" aria-label="Main">
      <ul>
        ${nav.map(([section, href, label]) => markup`<li><a href="${href}"${options.section === section ? raw(' aria-current="page"') : ''}>${label}</a></li>`)}
      </ul>
      <div class="locale-switch">
        ${other ? markup`<a href="${other.path}" hreflang="${other.locale}" lang="${other.locale}">${t.inOtherLanguage}</a>` : markup`<a href="/${otherLocale}/blog/" lang="${otherLocale}">${t.otherLanguageName}</a>`}
      </div>
    </nav>
  </div>
</header>
<main id="main" class="container">
${options.body}
</main>
<footer class="site-footer">
  <div class="container site-footer__grid">
    <section>
      <h2>${options.siteName}</h2>
      <p>${t.tagline}. 12 rue des Forgerons, 69007 Lyon.</p>
      <form class="newsletter" action="/" method="get" onsubmit="return false">
        <label for="newsletter-email">${t.newsletter}</label>
        <div><input id="newsletter-email" type="email" placeholder="you@example.com" autocomplete="email"><button type="submit">${t.subscribe}</button></div>
      </form>
    </section>
    <section>
      <h2>${t.projects}</h2>
      <ul>
        <li><a href="/en/blog/">English</a></li>
        <li><a href="/fr/blog/">Français</a></li>
        <li><a href="/workshops/">${t.workshops}</a></li>
      </ul>
    </section>
    <section>
      <h2>${t.products}</h2>
      <ul>
        <li><a href="/products/">${t.products}</a></li>
        <li><a href="/faq/">${t.faq}</a></li>
        <li><a href="/contact/">${t.contact}</a></li>
      </ul>
    </section>
    <section>
      <h2>${t.policies}</h2>
      <ul>
        <li><a href="/policies/shipping/">Shipping</a></li>
        <li><a href="/policies/returns/">Returns</a></li>
        <li><a href="/policies/warranty/">Warranty</a></li>
        <li><a href="/policies/privacy/">Privacy</a></li>
      </ul>
    </section>
    <section>
      <h2>${t.forAgents}</h2>
      <ul>
        <li><a href="/llms.txt">llms.txt</a></li>
        <li><a href="/llm-sitemap.json">llm-sitemap.json</a></li>
        <li><a href="/scp/sitemap.xml">SCP sitemap</a></li>
        <li><a href="/llm-policy.json">llm-policy.json</a></li>
      </ul>
    </section>
  </div>
  <div class="container site-footer__legal">© 2025 ${options.siteName} · <a href="/policies/terms-of-use/">Terms of use</a></div>
</footer>
</body>
</html>
`.value;
}
