import { readHtmlLinks } from './read-html-links';
import { readRobotsSitemaps } from './find-sitemap-xml';

describe('readHtmlLinks', () => {
  it('reads the head links with entities decoded, and stops at the body', () => {
    const html = `<!doctype html><html><head>
      <LINK REL="Alternate Index" type="application/json" href="/a?x=1&amp;y=2">
      <link rel=canonical href=" https://example.com/ ">
      </head><body><link rel="alternate" href="/in-body"></body></html>`;
    expect(readHtmlLinks(html)).toEqual([
      { href: '/a?x=1&y=2', rels: ['alternate', 'index'], type: 'application/json' },
      { href: 'https://example.com/', rels: ['canonical'] },
    ]);
  });
});

describe('readRobotsSitemaps', () => {
  it('collects Sitemap lines, resolved and deduplicated, skipping malformed ones', () => {
    const robots =
      'User-agent: *\nDisallow: /x\nSitemap: /sitemap.xml\nsitemap:https://example.com/sitemap.xml\nSITEMAP: http://[bad\n';
    expect(readRobotsSitemaps(robots, 'https://example.com/robots.txt')).toEqual([
      'https://example.com/sitemap.xml',
    ]);
  });
});
