import { mPathOfUrl } from './mcp-content-source';

describe('mPathOfUrl', () => {
  const site = { origin: 'https://example.com' };

  it('finds the M-URL path of a canonical URL, an M-URL and a Markdown twin', () => {
    expect(mPathOfUrl('https://example.com/blog/post/', site)).toBe('/blog/post/llm.json');
    expect(mPathOfUrl('https://example.com/blog/post', site)).toBe('/blog/post/llm.json');
    expect(mPathOfUrl('https://example.com/', site)).toBe('/llm.json');
    expect(mPathOfUrl('https://example.com', site)).toBe('/llm.json');
    expect(mPathOfUrl('https://example.com/blog/post/llm.json', site)).toBe('/blog/post/llm.json');
    expect(mPathOfUrl('https://example.com/blog/post/index.html.md', site)).toBe(
      '/blog/post/llm.json',
    );
    expect(mPathOfUrl('https://example.com/blog/post/index.md', site)).toBe('/blog/post/llm.json');
    expect(mPathOfUrl('https://example.com/blog/post.md', site)).toBe('/blog/post/llm.json');
    expect(mPathOfUrl('HTTPS://EXAMPLE.COM/a/', site)).toBe('/a/llm.json');
  });

  it('follows the site’s M-URL suffix', () => {
    const wordpress = { origin: 'https://example.com', mUrl: { suffix: 'llm/' } };
    expect(mPathOfUrl('https://example.com/a/', wordpress)).toBe('/a/llm/');
    expect(mPathOfUrl('https://example.com/a/llm/', wordpress)).toBe('/a/llm/');
  });

  it('names nothing for another origin, a query, or what is no URL', () => {
    for (const url of [
      'https://other.example/a/',
      'https://example.com.evil/a/',
      'https://example.com/a/?q=1',
      'https://example.com/a/#x',
      '/a/',
      'not a url',
      '',
      'javascript:alert(1)',
    ])
      expect(mPathOfUrl(url, site)).toBeUndefined();
  });
});
