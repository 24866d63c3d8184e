import type { ArticleSummary, Product } from '../cms-client';
import { markup } from '../html';
import { TEXT } from '../site-text';
import { articleCard } from './blog-pages';
import type { PageView } from './page-view';
import { productCard } from './shop-pages';

export function homePage(
  articles: ArticleSummary[],
  products: Product[],
  siteName: string,
): PageView {
  const t = TEXT.en;
  const featured = products.filter((p) => p.category === 'boards' || p.category === 'kits');
  return {
    title: `${siteName}: ${t.tagline}`,
    description:
      'Microcontroller boards, sensors and tools, with a tested step-by-step project for every part we sell.',
    locale: 'en',
    section: 'home',
    body: markup`<section class="hero">
  <h1>Build it, measure it, understand it.</h1>
  <p class="lead">Boards, sensors and tools for makers, each with a tested project article. Shipped from our Lyon workshop within two working days.</p>
  <p><a class="button" href="/en/blog/">${t.projects}</a> <a class="button button--ghost" href="/products/">${t.products}</a></p>
</section>
<section>
  <h2>${t.latest}</h2>
  <div class="cards">${articles.slice(0, 6).map((a) => articleCard(a, 'en'))}</div>
  <p><a href="/en/blog/">${t.allArticles} →</a></p>
</section>
<section>
  <h2>${t.products}</h2>
  <div class="cards">${featured.map(productCard)}</div>
</section>`,
  };
}
