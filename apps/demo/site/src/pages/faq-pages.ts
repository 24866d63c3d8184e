import type { Faq } from '../cms-client';
import { markup } from '../html';
import { renderBlocks } from '../render-blocks';
import type { PageView } from './page-view';

const TOPICS: Record<string, string> = {
  orders: 'Orders and payment',
  shipping: 'Shipping',
  returns: 'Returns and warranty',
  products: 'Products',
  projects: 'Projects',
};

export function faqIndexPage(entries: Faq[]): PageView {
  const topics = [...new Set(entries.map((e) => e.topic ?? 'orders'))];
  const entriesOf = (topic: string) => entries.filter((e) => (e.topic ?? 'orders') === topic);
  return {
    title: 'Frequently asked questions',
    description: 'Orders, shipping, returns and choosing parts: the questions we answer most.',
    locale: 'en',
    section: 'faq',
    body: markup`<h1>Frequently asked questions</h1>
${topics.map(
  (topic) => markup`<section class="faq-topic">
  <h2>${TOPICS[topic] ?? topic}</h2>
  ${entriesOf(topic).map(
    (e) => markup`<details>
    <summary>${e.question}</summary>
    <div class="prose">${renderBlocks(e.answer)}</div>
    <p><a href="/faq/${e.slug}/">Link to this answer</a></p>
  </details>
  `,
  )}
</section>
`,
)}`,
  };
}

export function faqPage(entry: Faq): PageView {
  return {
    title: entry.question,
    locale: 'en',
    section: 'faq',
    body: markup`<nav class="breadcrumb" aria-label="Breadcrumb"><a href="/">Tinkerbench</a> › <a href="/faq/">FAQ</a></nav>
<article class="article">
  <p class="tag">${TOPICS[entry.topic ?? ''] ?? entry.topic}</p>
  <h1>${entry.question}</h1>
  <div class="prose">${renderBlocks(entry.answer)}</div>
</article>`,
  };
}
