import { isAgentPath } from './agent-path';
import { markdownTwinUrl } from '../llmstxt/markdown-twin-url';
import { sitemapIndexPath, sitemapShardPath } from '../tct/build-sitemap';
import { mUrlFor } from '../tct/m-url-path';

const pathOf = (url: string) => new URL(url).pathname;

/** What the endpoints serve with the default options (docs/headless.md, section 1). */
const AGENT_PATHS = [
  // M-URLs
  '/llm.json',
  '/blog/hello/llm.json',
  pathOf(mUrlFor('https://example.com/caf%C3%A9/')),
  // Markdown twins, in every form the endpoints answer, and the root's
  pathOf(markdownTwinUrl('https://example.com/blog/hello/')),
  '/blog/hello/index.md',
  '/blog/hello.md',
  '/index.html.md',
  '/index.md',
  // the JSON sitemap, its shards and their index
  '/llm-sitemap.json',
  sitemapShardPath('/llm-sitemap.json', 2),
  sitemapShardPath('/llm-sitemap.json', 140),
  sitemapIndexPath('/llm-sitemap.json'),
  '/llm-changes.json',
  '/llm-policy.json',
  '/llm-stats.json',
  // llms.txt, per locale, and a split one's section files
  '/llms.txt',
  '/llms-full.txt',
  '/de/llms.txt',
  '/de/llms-full.txt',
  '/pt-br/llms.txt',
  '/llms/docs.txt',
  '/de/llms/guides.txt',
  // a big site's llms.txt parts
  '/llms-1.txt',
  '/llms-12.txt',
  '/de/llms-3.txt',
  // SCP, and a big site's page sitemaps
  '/scp/sitemap.xml',
  '/scp/sitemap-pages.xml',
  '/scp/sitemap-pages-2.xml',
  '/scp/blog-snapshot.scp',
  '/scp/blog-delta-2025-01-31.scp',
  // llmindex
  '/.well-known/llmindex.json',
  '/.well-known/llmindex-keys.json',
  '/.well-known/llmindex-proof.txt',
  '/llm/products',
  '/llm/products.md',
  '/llm/feed/products.jsonl',
];

/** The front-end's own: pages, assets, its robots.txt, and names close to agent paths. */
const PAGE_PATHS = [
  '/',
  '/blog/',
  '/blog/hello/',
  '/blog/hello',
  '/llm',
  '/llm.json/',
  '/blog/llm.json.html',
  '/blog/myllm.json',
  '/llms',
  '/llms-guide/',
  '/llms.txt.html',
  '/llms-0.txt',
  '/llms-x.txt',
  '/blog/llms.txt/',
  '/llm-sitemap/',
  '/llm-sitemap.xml',
  '/llm-sitemapx.json',
  '/llm-other.json',
  '/scpx/',
  '/scoop/',
  '/blog/scp/',
  '/.well-known/security.txt',
  '/robots.txt',
  '/sitemap.xml',
  '/readme.mdx',
  '/_next/static/chunks/main.js',
  '/_nuxt/entry.js',
  '/favicon.ico',
];

describe('isAgentPath: what a front-end passes through to the CMS', () => {
  it.each(AGENT_PATHS)('%s is an agent path', (path) => {
    expect(isAgentPath(path)).toBe(true);
  });

  it.each(PAGE_PATHS)('%s is not', (path) => {
    expect(isAgentPath(path)).toBe(false);
  });

  it('ignores the query, and compares percent-encoding as the endpoints do', () => {
    expect(isAgentPath('/llm-sitemap.json?page=2')).toBe(true);
    expect(isAgentPath('/blog/?format=llm.json')).toBe(false);
    // `%2E` is `.`: the endpoints serve this M-URL, so it must reach them.
    expect(isAgentPath('/blog/hello/llm%2Ejson')).toBe(true);
    expect(isAgentPath('/caf%c3%a9/llm.json')).toBe(true);
    // Malformed or dot segments: the CMS answers 400/404 for an M-URL-shaped target.
    expect(isAgentPath('/bad%zz/llm.json')).toBe(true);
    expect(isAgentPath('/a/../llm.json')).toBe(true);
    expect(isAgentPath('/bad%zz/')).toBe(false);
  });

  it('follows a custom M-URL suffix, and no longer takes the default one', () => {
    const options = { mUrl: { suffix: 'agent.json' } };
    expect(
      isAgentPath(pathOf(mUrlFor('https://example.com/blog/', { suffix: 'agent.json' })), options),
    ).toBe(true);
    expect(isAgentPath('/blog/llm.json', options)).toBe(false);
    // A directory-style suffix (the WordPress plugin's `llm/`).
    expect(isAgentPath('/blog/hello/llm/', { mUrl: { suffix: 'llm/' } })).toBe(true);
    expect(isAgentPath('/blog/hello/llm', { mUrl: { suffix: 'llm/' } })).toBe(false);
  });

  it('follows scp.basePath, and passes no SCP path when SCP is off', () => {
    const options = { scp: { basePath: '/agents/scp/' } };
    expect(isAgentPath('/agents/scp/sitemap.xml', options)).toBe(true);
    expect(isAgentPath('/agents/scpx/sitemap.xml', options)).toBe(false);
    expect(isAgentPath('/scp/sitemap.xml', options)).toBe(false);
    expect(isAgentPath('/scp/sitemap.xml', { scp: false })).toBe(false);
    // Everything else still passes with SCP off.
    expect(isAgentPath('/llms.txt', { scp: false })).toBe(true);
  });

  it('passes /robots.txt only when the CMS serves it (robotsTxt without augment)', () => {
    expect(isAgentPath('/robots.txt', { robotsTxt: { rules: 'User-agent: *' } })).toBe(true);
    expect(isAgentPath('/robots.txt', { robotsTxt: { augment: true } })).toBe(false);
    expect(isAgentPath('/robots.txt', { robotsTxt: false })).toBe(false);
  });

  it('takes the site options object the plugin is given', () => {
    const siteOptions = {
      site: { origin: 'https://example.com', name: 'Example' },
      mUrl: { suffix: 'agent.json' },
      scp: { basePath: '/collections' },
      llmsTxt: { full: false },
    };
    expect(isAgentPath('/a/agent.json', siteOptions)).toBe(true);
    expect(isAgentPath('/collections/sitemap.xml', siteOptions)).toBe(true);
  });
});
