import type { Block } from './render-blocks';

/** The article dynamic zone's components (see the CMS's src/components/content). */
export type ArticleSection =
  | { __component: 'content.rich-text'; content: Block[] }
  | { __component: 'content.table'; caption?: string | null; table?: string | null };

interface Entry {
  documentId: string;
  updatedAt: string;
}

export interface ArticleSummary extends Entry {
  title: string;
  slug: string;
  excerpt?: string | null;
  author?: string | null;
  category?: string | null;
  publishedOn?: string | null;
  readingMinutes?: number | null;
  locale: string;
}

export interface Article extends ArticleSummary {
  body?: ArticleSection[] | null;
}

export interface Product extends Entry {
  name: string;
  slug: string;
  sku: string;
  summary?: string | null;
  price: number;
  currency: string;
  availability: 'in_stock' | 'out_of_stock' | 'preorder';
  brand?: string | null;
  category?: string | null;
  content?: Block[] | null;
}

export interface Faq extends Entry {
  question: string;
  slug: string;
  topic?: string | null;
  answer?: Block[] | null;
  sortOrder?: number | null;
}

export interface Policy extends Entry {
  title: string;
  slug: string;
  summary?: string | null;
  effectiveDate?: string | null;
  content?: Block[] | null;
}

export interface Page extends Entry {
  title: string;
  slug: string;
  description?: string | null;
  content?: Block[] | null;
}

export type About = Page;

/** Strapi answered something other than the content (down, 5xx): the site shows a 502. */
export class CmsUnavailableError extends Error {}

const ARTICLE_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'author',
  'category',
  'publishedOn',
  'readingMinutes',
  'locale',
  'updatedAt',
];

/**
 * Reads published content from Strapi's REST API (public read routes, see the CMS's
 * src/api/<type>/routes). Every page request asks Strapi afresh, so an edit shows at once.
 */
export function createCmsClient(baseUrl: string) {
  async function get<T>(
    path: string,
    query: Record<string, string | number> = {},
  ): Promise<T | undefined> {
    const url = new URL(`/api/${path}`, baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new CmsUnavailableError(
        `Strapi did not answer ${url.pathname}: ${(error as Error).message}`,
      );
    }
    if (response.status === 404) return undefined;
    if (!response.ok)
      throw new CmsUnavailableError(`Strapi answered ${response.status} to ${url.pathname}`);
    return ((await response.json()) as { data: T }).data;
  }

  const fields = (names: string[]) =>
    Object.fromEntries(names.map((name, index) => [`fields[${index}]`, name]));
  const one = async <T>(path: string, query: Record<string, string | number>) =>
    (await get<T[]>(path, query))?.[0];

  return {
    articles: async (locale: string) =>
      (await get<ArticleSummary[]>('articles', {
        locale,
        sort: 'publishedOn:desc',
        'pagination[pageSize]': 100,
        ...fields(ARTICLE_FIELDS),
      })) ?? [],
    article: (locale: string, slug: string) =>
      one<Article>('articles', { locale, 'filters[slug][$eq]': slug, 'populate[0]': 'body' }),
    /** The same article in another locale, when it has a published version there. */
    translation: (documentId: string, locale: string) =>
      get<ArticleSummary>(`articles/${encodeURIComponent(documentId)}`, {
        locale,
        ...fields(['title', 'slug', 'locale']),
      }),
    products: async () =>
      (await get<Product[]>('products', { sort: 'name', 'pagination[pageSize]': 100 })) ?? [],
    product: (slug: string) => one<Product>('products', { 'filters[slug][$eq]': slug }),
    faqs: async () =>
      (await get<Faq[]>('faqs', { sort: 'sortOrder', 'pagination[pageSize]': 100 })) ?? [],
    faq: (slug: string) => one<Faq>('faqs', { 'filters[slug][$eq]': slug }),
    policies: async () =>
      (await get<Policy[]>('policies', { sort: 'title', 'pagination[pageSize]': 100 })) ?? [],
    policy: (slug: string) => one<Policy>('policies', { 'filters[slug][$eq]': slug }),
    page: (slug: string) => one<Page>('pages', { 'filters[slug][$eq]': slug }),
    about: () => get<About>('about'),
  };
}

export type CmsClient = ReturnType<typeof createCmsClient>;
