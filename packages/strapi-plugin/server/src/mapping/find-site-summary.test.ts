import { describeSiteSummarySource, findSiteSummarySource } from './find-site-summary';
import type { StrapiSchema } from '../schema/strapi-schema';

const seo: StrapiSchema = {
  info: { displayName: 'seo' },
  attributes: { metaTitle: { type: 'string' }, metaDescription: { type: 'text' } },
};
const components: Record<string, StrapiSchema> = { 'shared.seo': seo };
const component = (uid: string) => components[uid];

/** The create-strapi-app example's Global: siteDescription and a defaultSeo component. */
const exampleGlobal: StrapiSchema = {
  kind: 'singleType',
  info: { singularName: 'global', displayName: 'Global' },
  attributes: {
    siteName: { type: 'string' },
    siteDescription: { type: 'text' },
    defaultSeo: { type: 'component', component: 'shared.seo', repeatable: false },
  },
};

test("the Global's SEO description first, then its siteDescription", () => {
  const source = findSiteSummarySource({ 'api::global.global': exampleGlobal }, component);
  expect(source).toEqual({
    uid: 'api::global.global',
    displayName: 'Global',
    path: ['defaultSeo', 'metaDescription'],
  });
  expect(describeSiteSummarySource(source!)).toBe('Global › defaultSeo.metaDescription');
  const withoutSeo: StrapiSchema = {
    ...exampleGlobal,
    attributes: { siteDescription: { type: 'text' } },
  };
  expect(findSiteSummarySource({ 'api::global.global': withoutSeo }, component)?.path).toEqual([
    'siteDescription',
  ]);
});

test('the Global before other single types; collection types, plugins and private fields never', () => {
  const about: StrapiSchema = {
    kind: 'singleType',
    info: { singularName: 'about', displayName: 'About' },
    attributes: { seo: { type: 'component', component: 'shared.seo' } },
  };
  const articles: StrapiSchema = { ...about, kind: 'collectionType' };
  expect(
    findSiteSummarySource(
      { 'api::about.about': about, 'api::global.global': exampleGlobal },
      component,
    )?.uid,
  ).toBe('api::global.global');
  expect(findSiteSummarySource({ 'api::about.about': about }, component)?.uid).toBe(
    'api::about.about',
  );
  expect(findSiteSummarySource({ 'api::article.article': articles }, component)).toBeUndefined();
  expect(findSiteSummarySource({ 'plugin::x.global': exampleGlobal }, component)).toBeUndefined();
  const hidden: StrapiSchema = {
    ...exampleGlobal,
    attributes: { siteDescription: { type: 'text', private: true } },
  };
  expect(findSiteSummarySource({ 'api::global.global': hidden }, component)).toBeUndefined();
  const repeated: StrapiSchema = {
    ...exampleGlobal,
    attributes: { seo: { type: 'component', component: 'shared.seo', repeatable: true } },
  };
  expect(findSiteSummarySource({ 'api::global.global': repeated }, component)).toBeUndefined();
});
