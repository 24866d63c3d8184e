import type { Article, ArticleSummary } from '../cms-client';
import { markup } from '../html';
import { renderArticleBody } from '../render-article-body';
import { formatDate, TEXT, type Locale } from '../site-text';
import type { PageView } from './page-view';

export const articlePath = (article: { locale: string; slug: string }) =>
  `/${article.locale}/blog/${article.slug}/`;

export function articleCard(article: ArticleSummary, locale: Locale) {
  const t = TEXT[locale];
  return markup`<article class="card">
  <p class="card__meta"><span class="tag">${t.categories[article.category ?? ''] ?? article.category}</span> <time datetime="${article.publishedOn}">${formatDate(article.publishedOn, locale)}</time></p>
  <h3><a href="${articlePath(article)}">${article.title}</a></h3>
  <p>${article.excerpt}</p>
  <p class="card__more"><a href="${articlePath(article)}" aria-hidden="true" tabindex="-1">${t.readMore} →</a></p>
</article>`;
}

export function blogIndexPage(
  articles: ArticleSummary[],
  locale: Locale,
  category: string | undefined,
): PageView {
  const t = TEXT[locale];
  const shown = category ? articles.filter((a) => a.category === category) : articles;
  const categories = [...new Set(articles.map((a) => a.category ?? ''))].filter(Boolean);
  return {
    title: t.blogTitle,
    description: t.blogIntro,
    locale,
    section: 'blog',
    alternates: [
      { locale: 'en', path: '/en/blog/' },
      { locale: 'fr', path: '/fr/blog/' },
    ],
    body: markup`<h1>${t.blogTitle}</h1>
<p class="lead">${t.blogIntro}</p>
<nav class="chips" aria-label="Categories">
  <a href="/${locale}/blog/"${category ? '' : markup` aria-current="page"`}>${t.allCategories}</a>
  ${categories.map((c) => markup`<a href="/${locale}/blog/?category=${c}"${category === c ? markup` aria-current="page"` : ''}>${t.categories[c] ?? c}</a>`)}
</nav>
<div class="cards">${shown.map((a) => articleCard(a, locale))}</div>`,
  };
}

export function articlePage(
  article: Article,
  locale: Locale,
  translation: ArticleSummary | undefined,
  origin: string,
): PageView {
  const t = TEXT[locale];
  const alternates = [
    { locale, path: articlePath(article) },
    ...(translation
      ? [{ locale: translation.locale as Locale, path: articlePath(translation) }]
      : []),
  ];
  return {
    title: article.title,
    description: article.excerpt,
    locale,
    section: 'blog',
    alternates,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: article.title,
      description: article.excerpt ?? undefined,
      author: article.author ? { '@type': 'Person', name: article.author } : undefined,
      datePublished: article.publishedOn ?? undefined,
      dateModified: article.updatedAt,
      inLanguage: locale,
      url: `${origin}${articlePath(article)}`,
    },
    body: markup`<nav class="breadcrumb" aria-label="Breadcrumb"><a href="/">Tinkerbench</a> › <a href="/${locale}/blog/">${t.blogTitle}</a></nav>
<article class="article">
  <header class="article__header">
    <p class="tag">${t.categories[article.category ?? ''] ?? article.category}</p>
    <h1>${article.title}</h1>
    <p class="article__meta">${article.author ? markup`${t.by} ${article.author} · ` : ''}<time datetime="${article.publishedOn}">${formatDate(article.publishedOn, locale)}</time>${article.readingMinutes ? markup` · ${article.readingMinutes} ${t.minutes}` : ''}</p>
    ${article.excerpt ? markup`<p class="lead">${article.excerpt}</p>` : ''}
    ${translation ? markup`<p class="translation"><a href="${articlePath(translation)}" hreflang="${translation.locale}" lang="${translation.locale}">${t.inOtherLanguage}: ${translation.title}</a></p>` : ''}
  </header>
  <div class="prose">${renderArticleBody(article.body)}</div>
</article>`,
  };
}
