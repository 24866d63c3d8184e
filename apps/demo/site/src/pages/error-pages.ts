import { markup } from '../html';
import { TEXT, type Locale } from '../site-text';
import type { PageView } from './page-view';

export function notFoundPage(locale: Locale): PageView {
  const t = TEXT[locale];
  return {
    title: t.notFound,
    locale,
    section: 'pages',
    body: markup`<h1>${t.notFound}</h1>
<p>${t.notFoundText}</p>
<p><a href="/">Tinkerbench</a></p>`,
  };
}

export function unavailablePage(locale: Locale): PageView {
  const t = TEXT[locale];
  return {
    title: t.unavailable,
    locale,
    section: 'pages',
    body: markup`<h1>${t.unavailable}</h1>
<p>${t.unavailableText}</p>`,
  };
}
