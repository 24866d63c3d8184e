import { createHash } from 'node:crypto';
import { TCT_1 } from '../../../tct/tct-profile';
import { contentDigestOf } from '../../../http/served-resource';
import { withoutLlmsTxtTwinDirective } from '../llms-txt';
import { article, ORIGIN, putLlmsTxt, testSite } from '../../../../test/support/serve-fixtures';

const DIRECTIVE = (llmsTxt: string) =>
  `> For AI agents: this site is described in [llms.txt](${llmsTxt}); every page is also available as Markdown.\n\n`;
const sha256Tag = (bytes: Buffer) => `"sha256-${createHash('sha256').update(bytes).digest('hex')}"`;

describe('Markdown twin endpoint', () => {
  function site(options: Parameters<typeof testSite>[0] = {}) {
    const made = testSite(options);
    made.source.publish(article('hello', { description: 'A greeting.' }));
    return made;
  }

  it('serves a document as Markdown at every twin URL, its stored tag when nothing is prepended', async () => {
    const { get, source } = site();
    const twin = (await source.findMarkdownTwin('/blog/hello/llm.json'))!;
    const responses = await Promise.all(
      ['/blog/hello/index.html.md', '/blog/hello/index.md', '/blog/hello.md'].map((path) =>
        get(path),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body?.toString('utf8')).toBe(twin.markdown);
      expect(response.headers).toEqual({
        'x-content-type-options': 'nosniff',
        etag: `"${twin.markdownHash}"`,
        'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
        'cache-control': TCT_1.cacheControl,
        vary: 'Accept-Encoding',
        link: `<${ORIGIN}/blog/hello/>; rel="canonical"`,
        'content-type': 'text/markdown; charset=utf-8',
        'content-length': String(Buffer.byteLength(twin.markdown!)),
        'content-digest': contentDigestOf(Buffer.from(twin.markdown!)),
      });
      expect(response.observe).toEqual({
        kind: 'markdown',
        htmlBytes: Buffer.byteLength(twin.markdown!) * 3 + 30_000,
        htmlEstimated: true,
      });
    }
    expect(
      (await get('/blog/hello/index.md', { 'if-none-match': `"${twin.markdownHash}"` })).status,
    ).toBe(304);
  });

  it('starts with the llms.txt directive (its locale’s) when llms.txt is served, tagged by those bytes', async () => {
    const { get, source } = site();
    putLlmsTxt(source);
    putLlmsTxt(source, '/de/llms.txt', { locale: 'de' });
    putLlmsTxt(source, '/llms/blog.txt', { kind: 'section' });
    source.publish(article('hallo', { locale: 'de', url: '/de/blog/hallo/' }));
    const twin = (await source.findMarkdownTwin('/blog/hello/llm.json'))!;
    const response = await get('/blog/hello/index.html.md');
    const body = Buffer.from(`${DIRECTIVE(`${ORIGIN}/llms.txt`)}${twin.markdown}`, 'utf8');
    expect(response.body).toEqual(body);
    expect(response.headers.etag).toBe(sha256Tag(body));
    expect(response.headers['content-digest']).toBe(contentDigestOf(body));
    expect((await get('/de/blog/hallo/index.html.md')).body?.toString()).toMatch(
      /^> For AI agents: this site is described in \[llms.txt\]\(https:\/\/example.com\/de\/llms.txt\)/,
    );
    // A copy of the site reads the document's own Markdown back from what was served.
    const german = (await get('/de/blog/hallo/index.html.md')).body!.toString();
    const stored = (await source.findMarkdownTwin('/de/blog/hallo/llm.json'))!.markdown;
    expect(withoutLlmsTxtTwinDirective(german)).toBe(stored);
    expect(withoutLlmsTxtTwinDirective(response.body!.toString())).toBe(twin.markdown);
    expect(withoutLlmsTxtTwinDirective(`> Quoted.\n\n${twin.markdown}`)).toBe(
      `> Quoted.\n\n${twin.markdown}`,
    );

    const quiet = testSite({ llmsTxtNotice: false });
    quiet.source.publish(article('hello', { description: 'A greeting.' }));
    putLlmsTxt(quiet.source);
    expect((await quiet.get('/blog/hello/index.html.md')).headers.etag).toBe(
      `"${twin.markdownHash}"`,
    );
  });

  it('answers 404, 410 and 405 for a twin as for its M-URL, and leaves other .md paths to the app', async () => {
    const { get, send, outcome, source } = site();
    source.publish(article('gone'));
    source.remove('gone', 'deleted');
    source.publish(article('hidden'));
    source.remove('hidden', 'unpublished');
    expect((await get('/blog/gone/index.html.md')).status).toBe(410);
    expect((await get('/blog/hidden.md')).status).toBe(404);
    expect(await send('POST', '/blog/hello.md')).toMatchObject({
      status: 405,
      headers: { allow: 'GET, HEAD' },
    });
    expect(await outcome('GET', '/blog/none.md')).toEqual({ kind: 'pass' });
    expect(await outcome('GET', '/README.md')).toEqual({ kind: 'pass' });
  });

  it('keeps protected twins behind the access check', async () => {
    const { outcome, source } = site();
    source.publish(article('members', { visibility: 'protected' }));
    const decided = await outcome('GET', '/blog/members.md');
    expect(decided.kind).toBe('authorize');
    if (decided.kind === 'authorize')
      expect((await decided.respond()).observe?.kind).toBe('markdown');
  });

  describe('on the page’s own URL (negotiatePage)', () => {
    it('answers Accept: text/markdown with the twin, varying on Accept, where the twin lives', async () => {
      const { endpoints, get } = site({ usage: { search: true } });
      const page = {
        method: 'GET',
        target: '/blog/hello/?ref=x',
        headers: { accept: 'text/markdown' },
      };
      const outcome = await endpoints.negotiatePage(page);
      expect(outcome?.kind).toBe('respond');
      if (outcome?.kind !== 'respond') return;
      const twin = await get('/blog/hello/index.html.md');
      expect(outcome.response.body).toEqual(twin.body);
      expect(outcome.response.headers).toEqual({
        ...twin.headers,
        vary: 'Accept, Accept-Encoding',
        'content-location': `${ORIGIN}/blog/hello/index.html.md`,
      });
      expect(outcome.response.headers['content-usage']).toBe('search=y');
      expect(outcome.response.observe?.kind).toBe('markdown');
    });

    it('leaves HTML, other methods and pages without a document to the app', async () => {
      const { endpoints } = site();
      const ask = (target: string, accept: string, method = 'GET') =>
        endpoints.negotiatePage({ method, target, headers: { accept } });
      expect(await ask('/blog/hello/', 'text/html,*/*;q=0.8')).toBeUndefined();
      expect(await ask('/blog/hello/', 'text/markdown', 'POST')).toBeUndefined();
      expect(await ask('/blog/other/', 'text/markdown')).toBeUndefined();
      expect(await ask('/bad%zz/', 'text/markdown')).toBeUndefined();
      expect(await ask('/', 'text/markdown')).toBeUndefined();
    });

    it('leaves the page of a deleted or moved document to the app, as if none had been there', async () => {
      // The differential test's case: a site built without the document answers so.
      const { endpoints, get, source } = site();
      const ask = (target: string) =>
        endpoints.negotiatePage({ method: 'GET', target, headers: { accept: 'text/markdown' } });
      source.publish(article('gone'));
      source.remove('gone', 'deleted');
      expect((await get('/blog/gone/index.html.md')).status).toBe(410);
      expect(await ask('/blog/gone/')).toBeUndefined();
    });
  });

  describe('the site root without a document', () => {
    it('has the llms.txt, with the directive, as its twin (at /index.html.md and negotiated)', async () => {
      const { get, endpoints, source } = site();
      putLlmsTxt(source, '/llms.txt', { text: '# Example\n' });
      const body = Buffer.from(`${DIRECTIVE(`${ORIGIN}/llms.txt`)}# Example\n`, 'utf8');
      for (const path of ['/index.html.md', '/index.md']) {
        const response = await get(path);
        expect(response.body).toEqual(body);
        expect(response.headers).toEqual({
          'x-content-type-options': 'nosniff',
          etag: sha256Tag(body),
          'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
          'cache-control': 'public, max-age=0, must-revalidate',
          vary: 'Accept-Encoding',
          link: `<${ORIGIN}/>; rel="canonical"`,
          'content-type': 'text/markdown; charset=utf-8',
          'content-length': String(body.length),
          'content-digest': contentDigestOf(body),
        });
        expect(response.observe).toEqual({ kind: 'markdown' });
      }
      const negotiated = await endpoints.negotiatePage({
        method: 'GET',
        target: '/',
        headers: { accept: 'text/markdown' },
      });
      expect(negotiated).toMatchObject({
        kind: 'respond',
        response: {
          body,
          headers: {
            vary: 'Accept, Accept-Encoding',
            'content-location': `${ORIGIN}/index.html.md`,
          },
        },
      });
    });

    it('has the llms.txt as its twin again once the root’s document is deleted (a tombstone)', async () => {
      // The differential test's case: a site that never had a root document serves this.
      const { get, endpoints, source } = site();
      putLlmsTxt(source, '/llms.txt', { text: '# Example\n' });
      const overview = (await get('/index.html.md')).body;
      source.publish(article('home', { url: '/' }));
      expect((await get('/index.html.md')).body?.toString()).toContain('The text of home.');
      source.remove('home', 'deleted');
      expect((await get('/llm.json')).status).toBe(410);
      expect((await get('/index.html.md')).body).toEqual(overview);
      const negotiated = await endpoints.negotiatePage({
        method: 'GET',
        target: '/',
        headers: { accept: 'text/markdown' },
      });
      expect(negotiated).toMatchObject({ kind: 'respond', response: { body: overview } });
      expect((await endpoints.decoratePage('/')).links).toContainEqual({
        href: `${ORIGIN}/index.html.md`,
        rel: 'alternate',
        type: 'text/markdown',
      });
    });

    it('is the llms.txt itself, with its tag, when the notice is off', async () => {
      const { get, source } = testSite({ llmsTxtNotice: false });
      putLlmsTxt(source);
      const stored = (await source.artifact('/llms.txt'))!;
      const response = await get('/index.html.md');
      expect([response.body, response.headers.etag]).toEqual([stored.body, stored.meta.etag]);
    });

    it('goes through the access check under protect: all at the twin URL, and is not served there', async () => {
      const { outcome, endpoints, source } = testSite({ protect: 'all' });
      putLlmsTxt(source);
      expect(await outcome('GET', '/index.html.md')).toEqual({ kind: 'pass' });
      const negotiated = await endpoints.negotiatePage({
        method: 'GET',
        target: '/',
        headers: { accept: 'text/markdown' },
      });
      expect(negotiated?.kind).toBe('authorize');
    });
  });

  it('sends /a/index.html to the page when a public document is there', async () => {
    const { get, outcome, source } = site();
    source.publish(article('members', { visibility: 'protected' }));
    const redirect = await get('/blog/hello/index.html');
    expect(redirect).toEqual({
      status: 301,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': String(`Moved Permanently: ${ORIGIN}/blog/hello/\n`.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=3600',
        location: `${ORIGIN}/blog/hello/`,
      },
      body: Buffer.from(`Moved Permanently: ${ORIGIN}/blog/hello/\n`),
      observe: { kind: 'markdown' },
    });
    expect(await outcome('GET', '/blog/members/index.html')).toEqual({ kind: 'pass' });
    expect(await outcome('GET', '/blog/none/index.html')).toEqual({ kind: 'pass' });
    expect(await outcome('POST', '/blog/hello/index.html')).toEqual({ kind: 'pass' });
  });
});
