/** The site's own words (navigation, labels) in its two locales. */
export type Locale = 'en' | 'fr';

export const LOCALES: readonly Locale[] = ['en', 'fr'];

export const isLocale = (value: string): value is Locale =>
  (LOCALES as readonly string[]).includes(value);

const en = {
  tagline: 'Boards, sensors and tools for makers',
  projects: 'Projects',
  products: 'Products',
  faq: 'FAQ',
  policies: 'Policies',
  about: 'About',
  contact: 'Contact',
  workshops: 'Workshops',
  latest: 'Latest projects and guides',
  allArticles: 'All articles',
  readMore: 'Read more',
  by: 'By',
  minutes: 'min read',
  inOtherLanguage: 'Lire en français',
  otherLanguageName: 'Français',
  blogTitle: 'Projects and guides',
  blogIntro: 'Step-by-step electronics projects, buying guides and workshop news.',
  allCategories: 'All',
  categories: { project: 'Projects', guide: 'Guides', review: 'Reviews', news: 'News' } as Record<
    string,
    string
  >,
  newsletter: 'One email a month with new projects. No tracking.',
  subscribe: 'Subscribe',
  forAgents: 'For AI agents',
  skip: 'Skip to content',
  notFound: 'Page not found',
  notFoundText: 'This page does not exist, or it is no longer published.',
  unavailable: 'The content service is not answering',
  unavailableText: 'Strapi did not answer; try again in a moment.',
};

const fr: typeof en = {
  tagline: 'Cartes, capteurs et outils pour makers',
  projects: 'Projets',
  products: 'Produits',
  faq: 'FAQ',
  policies: 'Conditions',
  about: 'À propos',
  contact: 'Contact',
  workshops: 'Ateliers',
  latest: 'Derniers projets et guides',
  allArticles: 'Tous les articles',
  readMore: 'Lire la suite',
  by: 'Par',
  minutes: 'min de lecture',
  inOtherLanguage: 'Read in English',
  otherLanguageName: 'English',
  blogTitle: 'Projets et guides',
  blogIntro:
    "Des projets d'électronique pas à pas, des guides d'achat et les nouvelles de l'atelier.",
  allCategories: 'Tous',
  categories: { project: 'Projets', guide: 'Guides', review: 'Tests', news: 'Actualités' },
  newsletter: 'Un e-mail par mois avec les nouveaux projets. Sans pistage.',
  subscribe: "S'abonner",
  forAgents: 'Pour les agents IA',
  skip: 'Aller au contenu',
  notFound: 'Page introuvable',
  notFoundText: "Cette page n'existe pas ou n'est plus publiée.",
  unavailable: 'Le service de contenu ne répond pas',
  unavailableText: "Strapi n'a pas répondu ; réessayez dans un instant.",
};

export const TEXT: Record<Locale, typeof en> = { en, fr };

export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export function formatPrice(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}
