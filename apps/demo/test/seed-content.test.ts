// The seed content, generated in code: enough of it, in both locales, with every kind of
// content the demo is meant to show, the same on every run, and no link to a page that
// does not exist.
import { about, faqs, pages, policies, products } from '../cms/src/seed/catalog';
import { allArticles } from '../cms/src/seed/seed-content';

const media = (name: string) => ({ name, url: `/uploads/${name}`, alternativeText: `${name} alt` });
const images = {
  wiring: media('wiring.svg'),
  chart: media('chart.svg'),
  board: media('board.svg'),
  soldering: media('soldering.svg'),
};

interface Node {
  type?: string;
  url?: string;
  language?: string;
  image?: { alternativeText?: string };
  children?: Node[];
}
interface Version {
  title: string;
  slug: string;
  body: { __component: string; content?: Node[]; table?: string }[];
}

function nodes(list: Node[] | undefined): Node[] {
  return (list ?? []).flatMap((node) => [node, ...nodes(node.children)]);
}
const blocksOf = (version: Version) => version.body.flatMap((section) => nodes(section.content));

describe('seed content', () => {
  const articles: { en: Version; fr?: Version }[] = allArticles(images);
  const versions = articles.flatMap((a) => (a.fr ? [a.en, a.fr] : [a.en]));

  it('has about 60 article versions in English and French', () => {
    expect(versions).toHaveLength(60);
    expect(articles.filter((a) => a.fr)).toHaveLength(24);
    for (const locale of ['en', 'fr'] as const) {
      const slugs = articles.flatMap((a) => (a[locale] ? [a[locale]!.slug] : []));
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('every project article (en and fr) has headings, lists, code with a language, images with alt text and a table', () => {
    const projects = articles.filter((a) => a.fr).flatMap((a) => [a.en, a.fr!]);
    expect(projects).toHaveLength(48);
    for (const version of projects) {
      const types = new Set(blocksOf(version).map((n) => n.type));
      for (const type of ['heading', 'list', 'code', 'image', 'quote', 'link']) {
        expect([version.slug, type, types.has(type)]).toEqual([version.slug, type, true]);
      }
      for (const node of blocksOf(version)) {
        if (node.type === 'code') expect(node.language).toMatch(/^(python|cpp)$/);
        if (node.type === 'image') expect(node.image?.alternativeText).toBeTruthy();
      }
      const table = version.body.find((s) => s.__component === 'content.table');
      expect(table?.table).toMatch(/^\| .+ \|\n\| --- \|/);
    }
  });

  it('is the same on every run', () => {
    expect(JSON.stringify(allArticles(images))).toBe(JSON.stringify(articles));
  });

  it('links only to pages the seed creates', () => {
    const known = new Set([
      '/faq/',
      '/products/',
      '/policies/',
      '/about/',
      ...articles.flatMap((a) => [
        `/en/blog/${a.en.slug}/`,
        ...(a.fr ? [`/fr/blog/${a.fr.slug}/`] : []),
      ]),
      ...products(images).map((p: { slug: string }) => `/products/${p.slug}/`),
      ...policies.map((p: { slug: string }) => `/policies/${p.slug}/`),
      ...faqs.map((f: { slug: string }) => `/faq/${f.slug}/`),
      ...pages.map((p: { slug: string }) => `/${p.slug}/`),
    ]);
    const links = [
      ...versions.flatMap(blocksOf),
      ...[...products(images), ...policies, ...pages, about(images)].flatMap((e) =>
        nodes(e.content),
      ),
      ...faqs.flatMap((f: { answer: Node[] }) => nodes(f.answer)),
    ]
      .filter((n) => n.type === 'link')
      .map((n) => n.url!);
    expect(links.length).toBeGreaterThan(100);
    expect(links.filter((url) => !known.has(url))).toEqual([]);
  });

  it('products carry what the llmindex products feed needs', () => {
    for (const product of products(images)) {
      expect(product).toMatchObject({
        sku: expect.stringMatching(/^TB-/),
        price: expect.any(Number),
        currency: 'EUR',
        availability: expect.stringMatching(/^(in_stock|out_of_stock|preorder)$/),
      });
    }
  });
});
