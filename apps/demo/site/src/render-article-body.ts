import { marked } from 'marked';
import type { ArticleSection } from './cms-client';
import { markup, raw, type SafeHtml } from './html';
import { renderBlocks } from './render-blocks';

/**
 * The article dynamic zone: rich-text sections as blocks, table sections as their caption and
 * GFM Markdown table (written by the site's own editors, so rendered as they wrote it).
 */
export function renderArticleBody(sections: ArticleSection[] | null | undefined): SafeHtml {
  return markup`${(sections ?? []).map((section) => {
    if (section.__component === 'content.rich-text') return renderBlocks(section.content);
    if (section.__component === 'content.table') {
      const table = marked.parse(section.table ?? '', { async: false, gfm: true });
      return markup`<figure class="table">${section.caption ? markup`<figcaption>${section.caption}</figcaption>` : ''}${raw(table)}</figure>`;
    }
    return '';
  })}`;
}
