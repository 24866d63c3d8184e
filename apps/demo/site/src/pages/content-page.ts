import type { Page } from '../cms-client';
import { markup } from '../html';
import { renderBlocks } from '../render-blocks';
import type { Section } from '../render-layout';
import type { PageView } from './page-view';

/** The about page and the other standalone pages (contact, workshops). */
export function contentPage(page: Page, section: Section): PageView {
  return {
    title: page.title,
    description: page.description,
    locale: 'en',
    section,
    body: markup`<article class="article">
  <h1>${page.title}</h1>
  ${page.description ? markup`<p class="lead">${page.description}</p>` : ''}
  <div class="prose">${renderBlocks(page.content)}</div>
</article>`,
  };
}
