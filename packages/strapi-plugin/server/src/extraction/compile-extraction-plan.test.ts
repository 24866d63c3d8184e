import type { SchemaLookup, StrapiSchema } from '../schema/strapi-schema';
import { PlanCompiler, type PlanSite, type TypePlanInput } from './compile-extraction-plan';
import { describePlan } from './describe-plan';
import type { ComponentPlan, FieldPlan, RelationPlan } from './extraction-plan';

// A button used in two sections of a page's dynamic zone and on articles; FAQs (no pages of
// their own) shown in place on pages and on articles.
const components: Record<string, StrapiSchema> = {
  'shared.button': {
    info: { displayName: 'Button' },
    attributes: { text: { type: 'string' }, URL: { type: 'string' } },
  },
  'sections.hero': {
    info: { displayName: 'Hero' },
    attributes: {
      heading: { type: 'string' },
      CTAs: { type: 'component', component: 'shared.button', repeatable: true },
    },
  },
  'sections.pricing': {
    info: { displayName: 'Pricing' },
    attributes: {
      heading: { type: 'string' },
      CTAs: { type: 'component', component: 'shared.button', repeatable: true },
      faqs: { type: 'relation', relation: 'oneToMany', target: 'api::faq.faq' },
    },
  },
};

const types: Record<string, StrapiSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    attributes: {
      sections: { type: 'dynamiczone', components: ['sections.hero', 'sections.pricing'] },
    },
  },
  'api::article.article': {
    info: { singularName: 'article', pluralName: 'articles' },
    attributes: {
      title: { type: 'string' },
      cta: { type: 'component', component: 'shared.button' },
      faqs: { type: 'relation', relation: 'oneToMany', target: 'api::faq.faq' },
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
  components: {},
  exposure: (uid) => (uid === 'api::faq.faq' ? { pages: false } : { pages: true }),
  problem: (key, message) => {
    throw new Error(`${key}: ${message}`);
  },
};

const input = (uid: string): TypePlanInput => ({
  uid,
  schema: types[uid]!,
  used: new Set(),
  key: `contentTypes[${JSON.stringify(uid)}]`,
});

function field<K extends FieldPlan['kind']>(
  fields: readonly FieldPlan[],
  name: string,
  kind: K,
): Extract<FieldPlan, { kind: K }> {
  const found = fields.find((candidate) => candidate.name === name);
  expect(found?.kind).toBe(kind);
  return found as Extract<FieldPlan, { kind: K }>;
}

const zone = (fields: readonly FieldPlan[]): Record<string, ComponentPlan> =>
  field(fields, 'sections', 'zone').components;
const ctas = (plan: ComponentPlan): ComponentPlan =>
  field(plan.fields, 'CTAs', 'component').component;
const fold = (fields: readonly FieldPlan[]): RelationPlan =>
  field(fields, 'faqs', 'relation').target;

describe('PlanCompiler', () => {
  it('compiles a component once wherever it is used, at the same depth', () => {
    const page = new PlanCompiler(site).bodyPlan(input('api::page.page'));
    const { 'sections.hero': hero, 'sections.pricing': pricing } = zone(page);
    expect(ctas(hero!)).toBe(ctas(pricing!));
    expect(ctas(hero!)).toMatchObject({
      uid: 'shared.button',
      link: { label: 'text', url: 'URL' },
    });
  });

  it('reuses a type’s plans when it is planned again, and the types it shows in place', () => {
    const compiler = new PlanCompiler(site);
    const first = compiler.bodyPlan(input('api::page.page'));
    const second = compiler.bodyPlan(input('api::page.page'));
    expect(second).toEqual(first);
    expect(zone(second)['sections.hero']).toBe(zone(first)['sections.hero']);
    expect(zone(second)['sections.pricing']).toBe(zone(first)['sections.pricing']);
    // Another type of the same settings, planned twice: its button and the FAQs it shows in
    // place are compiled once.
    const article = compiler.bodyPlan(input('api::article.article'));
    const again = compiler.bodyPlan(input('api::article.article'));
    expect(fold(again)).toMatchObject({ show: 'fold', uid: 'api::faq.faq', title: 'question' });
    expect(fold(again)).toBe(fold(article));
    expect(field(again, 'cta', 'component').component).toBe(
      field(article, 'cta', 'component').component,
    );
  });

  it('says where each use of a shared plan is', () => {
    const page = new PlanCompiler(site).bodyPlan(input('api::page.page'));
    const paths = describePlan(page).map((described) => described.path);
    expect(paths).toEqual([
      'sections',
      'sections[sections.hero].heading',
      'sections[sections.hero].CTAs',
      'sections[sections.hero].CTAs.text',
      'sections[sections.hero].CTAs.URL',
      'sections[sections.pricing].heading',
      'sections[sections.pricing].CTAs',
      'sections[sections.pricing].CTAs.text',
      'sections[sections.pricing].CTAs.URL',
      'sections[sections.pricing].faqs',
      'sections[sections.pricing].faqs.question',
      'sections[sections.pricing].faqs.answer',
    ]);
  });
});
