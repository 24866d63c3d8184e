import type { Policy } from '../cms-client';
import { markup } from '../html';
import { renderBlocks } from '../render-blocks';
import { formatDate } from '../site-text';
import type { PageView } from './page-view';

export function policiesPage(policies: Policy[]): PageView {
  return {
    title: 'Policies',
    description: 'Shipping, returns, warranty, privacy and terms of use.',
    locale: 'en',
    section: 'policies',
    body: markup`<h1>Policies</h1>
<ul class="link-list">${policies.map((p) => markup`<li><a href="/policies/${p.slug}/">${p.title}</a><span>${p.summary}</span></li>`)}</ul>`,
  };
}

export function policyPage(policy: Policy): PageView {
  return {
    title: policy.title,
    description: policy.summary,
    locale: 'en',
    section: 'policies',
    body: markup`<nav class="breadcrumb" aria-label="Breadcrumb"><a href="/">Tinkerbench</a> › <a href="/policies/">Policies</a></nav>
<article class="article">
  <h1>${policy.title}</h1>
  ${policy.effectiveDate ? markup`<p class="article__meta">Effective ${formatDate(policy.effectiveDate, 'en')}</p>` : ''}
  <p class="lead">${policy.summary}</p>
  <div class="prose">${renderBlocks(policy.content)}</div>
</article>`,
  };
}
