import type { SchemaLookup, StrapiSchema } from '../schema/strapi-schema';
import { PlanCompiler, type PlanSite } from './compile-extraction-plan';
import { describePlan } from './describe-plan';
import { FIELD_ROLES } from './field-vocabulary';

const components: Record<string, StrapiSchema> = {
  'shared.button': {
    info: { displayName: 'Button' },
    attributes: { text: { type: 'string' }, URL: { type: 'string' } },
  },
  'shared.banner': { info: { displayName: 'Banner' }, attributes: { text: { type: 'string' } } },
};
const types: Record<string, StrapiSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    attributes: {
      title: { type: 'string' },
      heading: { type: 'string' },
      icon: { type: 'string' },
      price: { type: 'decimal' },
      cover: { type: 'media' },
      secret: { type: 'text', private: true },
      cta: { type: 'component', component: 'shared.button' },
      banner: { type: 'component', component: 'shared.banner' },
      faqs: { type: 'relation', relation: 'oneToMany', target: 'api::faq.faq' },
      createdAt: { type: 'datetime' },
    },
  },
  'api::faq.faq': {
    info: { singularName: 'faq', pluralName: 'faqs' },
    attributes: { question: { type: 'string' }, answer: { type: 'text' } },
  },
};
const lookup: SchemaLookup = {
  contentType: (uid) => types[uid],
  component: (uid) => components[uid],
};
const site: PlanSite = {
  lookup,
  components: { 'shared.banner': false },
  exposure: (uid) => ({ pages: uid !== 'api::faq.faq' }),
  problem: (key, message) => {
    throw new Error(`${key}: ${message}`);
  },
};

describe('describePlan', () => {
  it('says what each field becomes and which roles the settings page offers for it', () => {
    const plan = new PlanCompiler(site).bodyPlan({
      uid: 'api::page.page',
      schema: types['api::page.page']!,
      used: new Set(['title']),
      key: 'contentTypes["api::page.page"]',
    });
    const described = Object.fromEntries(
      describePlan(plan).map(({ path, becomes, reason, roles }) => [
        path,
        { becomes, ...(reason ? { reason } : {}), roles },
      ]),
    );
    const every = [...FIELD_ROLES];
    expect(described).toEqual({
      title: { becomes: 'dropped', reason: 'used', roles: [] },
      heading: { becomes: 'heading', roles: every },
      icon: { becomes: 'dropped', reason: 'name', roles: every },
      price: { becomes: 'number', roles: ['skip'] },
      cover: { becomes: 'media', roles: ['skip'] },
      secret: { becomes: 'dropped', reason: 'private', roles: [] },
      cta: { becomes: 'section', roles: ['skip'] },
      'cta.text': { becomes: 'text', roles: every },
      'cta.URL': { becomes: 'link', roles: every },
      banner: { becomes: 'section', roles: ['skip'] },
      'banner.*': { becomes: 'dropped', reason: 'config', roles: [] },
      faqs: { becomes: 'folded', roles: ['skip'] },
      'faqs.question': { becomes: 'dropped', reason: 'used', roles: [] },
      'faqs.answer': { becomes: 'text', roles: [] },
    });
  });
});
