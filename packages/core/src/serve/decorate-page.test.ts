import { formatLinkHeader, htmlLinkTag, type WebLink } from '../http/link-header';
import { addPageHeaders } from './decorate-page';
import { llmsTxtNoticeHtml } from './page-discovery';
import {
  article,
  ORIGIN,
  putJsonSitemap,
  putLlmsTxt,
  testSite,
} from '../../test/support/serve-fixtures';

const LLMS_TXT = { href: `${ORIGIN}/llms.txt`, rel: 'describedby', type: 'text/plain' };
const NOTICE = llmsTxtNoticeHtml(`${ORIGIN}/llms.txt`);

/** What a page with these links gets, its Content-Usage aside. */
function decorationWith(links: WebLink[], notice = NOTICE) {
  return {
    links,
    headers: {
      ...(links.length > 0 ? { link: formatLinkHeader(links) } : {}),
      ...(links.some((link) => link.type === 'text/markdown') ? { vary: 'Accept' } : {}),
    },
    linkTags: links.map(htmlLinkTag).join('\n'),
    llmsTxtNotice: links.some((link) => link.rel === 'describedby') ? notice : '',
  };
}

describe('decoratePage', () => {
  it('gives a document’s page its M-URL, its Markdown twin and the covering llms.txt, with the document’s Content-Usage', async () => {
    const { endpoints, source } = testSite({ usage: { trainAi: false } });
    source.publish(article('hello', { usage: { search: false } }));
    putLlmsTxt(source);
    const links = [
      { href: `${ORIGIN}/blog/hello/llm.json`, rel: 'alternate', type: 'application/json' },
      { href: `${ORIGIN}/blog/hello/index.html.md`, rel: 'alternate', type: 'text/markdown' },
      LLMS_TXT,
    ];
    const decoration = await endpoints.decoratePage('/blog/hello/');
    expect(decoration).toEqual({
      ...decorationWith(links),
      headers: {
        link: formatLinkHeader(links),
        'content-usage': 'train-ai=n, search=n',
        vary: 'Accept',
      },
    });
    // A query does not make it another page.
    expect(await endpoints.decoratePage('/blog/hello/?utm=x')).toEqual(decoration);
  });

  it('links a locale’s page to its locale’s llms.txt, and the notice follows it', async () => {
    const { endpoints, source } = testSite();
    source.publish(article('hallo', { locale: 'de', url: '/de/blog/hallo/' }));
    putLlmsTxt(source);
    putLlmsTxt(source, '/de/llms.txt', { locale: 'de' });
    const decoration = await endpoints.decoratePage('/de/blog/hallo/');
    expect(decoration.links[2]).toEqual({ ...LLMS_TXT, href: `${ORIGIN}/de/llms.txt` });
    expect(decoration.llmsTxtNotice).toBe(llmsTxtNoticeHtml(`${ORIGIN}/de/llms.txt`));
  });

  it('gives every other page the llms.txt and the site’s Content-Usage, and no Vary', async () => {
    const { endpoints, source } = testSite({ usage: { search: true } });
    putLlmsTxt(source);
    expect(await endpoints.decoratePage('/contact')).toEqual({
      ...decorationWith([LLMS_TXT]),
      headers: { link: formatLinkHeader([LLMS_TXT]), 'content-usage': 'search=y' },
    });
    expect(await testSite().endpoints.decoratePage('/contact')).toEqual(decorationWith([]));
  });

  it('gives the root the sitemap shard and index, and the llms.txt as its twin when no document is the root', async () => {
    const { endpoints, source } = testSite();
    putJsonSitemap(source);
    putJsonSitemap(source, '/llm-sitemap-index.json');
    putLlmsTxt(source);
    expect(await endpoints.decoratePage('/')).toEqual(
      decorationWith([
        { href: `${ORIGIN}/llm-sitemap.json`, rel: 'index', type: 'application/json' },
        { href: `${ORIGIN}/llm-sitemap-index.json`, rel: 'index', type: 'application/json' },
        { href: `${ORIGIN}/index.html.md`, rel: 'alternate', type: 'text/markdown' },
        LLMS_TXT,
      ]),
    );
  });

  it('gives the root its document’s links when a document is the root', async () => {
    const { endpoints, source } = testSite();
    source.publish({ id: 'home', url: '/', title: 'Home' });
    putJsonSitemap(source);
    expect((await endpoints.decoratePage('/')).links).toEqual([
      { href: `${ORIGIN}/llm-sitemap.json`, rel: 'index', type: 'application/json' },
      { href: `${ORIGIN}/llm.json`, rel: 'alternate', type: 'application/json' },
      { href: `${ORIGIN}/index.html.md`, rel: 'alternate', type: 'text/markdown' },
    ]);
  });

  it('leaves the notice out when it is off, and gives removed documents and bad paths what they have', async () => {
    const { endpoints, source } = testSite({ llmsTxtNotice: false });
    source.publish(article('gone'));
    source.remove('gone', 'deleted');
    putLlmsTxt(source);
    expect(await endpoints.decoratePage('/blog/gone/')).toEqual(decorationWith([LLMS_TXT], ''));
    expect(await endpoints.decoratePage('/bad%zz/')).toEqual(decorationWith([]));
  });
});

describe('addPageHeaders', () => {
  it('adds Link and Vary to the app’s own and sets the rest over the app’s', () => {
    const response = new Headers({
      link: '</app.css>; rel="preload"',
      vary: 'Origin',
      'content-usage': 'train-ai=y',
    });
    addPageHeaders(
      { link: '</llms.txt>; rel="describedby"', vary: 'Accept', 'content-usage': 'train-ai=n' },
      {
        vary: (field) => response.append('vary', field),
        append: (name, value) => response.append(name, value),
        set: (name, value) => response.set(name, value),
      },
    );
    expect(Object.fromEntries(response)).toEqual({
      link: '</app.css>; rel="preload", </llms.txt>; rel="describedby"',
      vary: 'Origin, Accept',
      'content-usage': 'train-ai=n',
    });
  });
});
