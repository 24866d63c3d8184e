import { marked } from 'marked';
import { LlmindexValidationError } from './llmindex-errors';
import { renderLlmindexAboutPage } from './render-about-page';
import { renderLlmindexFaqPage } from './render-faq-page';
import { renderLlmindexPoliciesPage } from './render-policies-page';
import { renderLlmindexProductsPage } from './render-products-page';

/** The outline a Markdown reader sees: every heading as `<depth> <text>`. */
function outline(markdown: string): string[] {
  return marked
    .lexer(markdown)
    .filter((token) => token.type === 'heading')
    .map((token) => `${(token as { depth: number }).depth} ${(token as { text: string }).text}`);
}

describe('renderLlmindexProductsPage', () => {
  const products = [
    {
      title: 'Tent *Ultra* [2P]',
      url: '/p/tent',
      price: 199,
      currency: 'EUR',
      availability: 'in_stock',
      brand: 'Acme',
      category: 'Tents',
      description: '# Light\nand dry',
    },
    {
      title: 'Mug',
      url: 'https://shop.example/p/mug',
      priceRange: { min: 5, max: 7.5, currency: 'USD' },
    },
    {
      title: 'Stove',
      url: '/p/stove',
      price: 1500,
      currency: 'JPY',
      availability: 'preorder',
      category: 'Kitchen',
    },
    { title: 'Tarp', url: '/p/tarp(large)', category: 'Tents', availability: 'discontinued' },
  ];

  it('groups by category, escapes text and renders prices deterministically', () => {
    const page = renderLlmindexProductsPage({
      products,
      baseUrl: 'https://shop.example',
      updatedAt: '2026-02-20T00:00:00Z',
      intro: 'Prices include VAT.',
    });
    expect(page).toBe(`# Products

Last updated: 2026-02-20T00:00:00Z

Prices include VAT.

## Tents

- [Tent \\*Ultra\\* \\[2P\\]](https://shop.example/p/tent) — Price: 199.00 EUR; Availability: in stock; Brand: Acme
  \\# Light and dry
- [Tarp](https://shop.example/p/tarp%28large%29) — Availability: discontinued

## Kitchen

- [Stove](https://shop.example/p/stove) — Price: 1500 JPY; Availability: pre-order

## Other products

- [Mug](https://shop.example/p/mug) — Price: 5.00–7.50 USD
`);
    expect(outline(page)).toEqual(['1 Products', '2 Tents', '2 Kitchen', '2 Other products']);
    expect(renderLlmindexProductsPage({ products, baseUrl: 'https://shop.example' })).toBe(
      renderLlmindexProductsPage({ products, baseUrl: 'https://shop.example' }),
    );
  });

  it('lists products without categories as one list, and says when there are none', () => {
    expect(renderLlmindexProductsPage({ title: 'Shop', products: [products[1]!] })).toBe(
      '# Shop\n\n- [Mug](https://shop.example/p/mug) — Price: 5.00–7.50 USD\n',
    );
    expect(renderLlmindexProductsPage({ products: [] })).toBe(
      '# Products\n\nNo products are listed.\n',
    );
  });

  it.each([
    [{ products: [{ title: '', url: 'https://e.com' }] }, 'products[0].title'],
    [{ products: [{ title: 'a', url: '/relative' }] }, 'products[0].url'],
    [{ products: [{ title: 'a', url: 'https://e.com', price: 1 }] }, 'products[0].currency'],
    [{ products: [null] }, 'products[0]'],
    [{ products: 'x' }, 'products'],
    [{ products: [], updatedAt: 'soon' }, 'updatedAt'],
  ])('rejects bad input with a typed error naming %#', (input, field) => {
    try {
      renderLlmindexProductsPage(input as never);
      throw new Error('expected LlmindexValidationError');
    } catch (error) {
      expect(error).toBeInstanceOf(LlmindexValidationError);
      expect((error as LlmindexValidationError).field).toBe(field);
    }
  });
});

describe('renderLlmindexPoliciesPage', () => {
  it('renders one section per policy, nesting Markdown headings and escaping text', () => {
    const page = renderLlmindexPoliciesPage({
      policies: [
        {
          title: 'Shipping',
          body: { markdown: '# Zones\n\nEU: 3 days.\n\n## Costs\n\nFree over 50 EUR.' },
        },
        {
          title: 'Returns',
          body: '30 days.\n\n* No questions asked',
          url: 'https://shop.example/returns',
        },
      ],
    });
    expect(page).toBe(`# Policies

## Shipping

### Zones

EU: 3 days.

#### Costs

Free over 50 EUR.

## Returns

30 days.

\\* No questions asked

Full policy: <https://shop.example/returns>
`);
    expect(outline(page)).toEqual(['1 Policies', '2 Shipping', '3 Zones', '4 Costs', '2 Returns']);
  });

  it('rejects a body that is neither text nor { markdown }', () => {
    expect(() =>
      renderLlmindexPoliciesPage({ policies: [{ title: 'x', body: { html: '<p>' } as never }] }),
    ).toThrow(expect.objectContaining({ field: 'policies[0].body' }));
  });
});

describe('renderLlmindexFaqPage', () => {
  it('groups questions by topic with H3 questions', () => {
    const page = renderLlmindexFaqPage({
      faq: [
        { question: 'Do you ship to Norway?', answer: 'Yes.', topic: 'Shipping' },
        { question: 'Who are you?', answer: { markdown: 'A shop.\n\n# History\n\nSince 1990.' } },
        { question: 'How long?', answer: '3 days', topic: 'Shipping' },
      ],
    });
    expect(outline(page)).toEqual([
      '1 Frequently asked questions',
      '2 General',
      '3 Who are you?',
      '4 History',
      '2 Shipping',
      '3 Do you ship to Norway?',
      '3 How long?',
    ]);
  });

  it('uses H2 questions when there are no topics', () => {
    expect(
      renderLlmindexFaqPage({ title: 'FAQ', faq: [{ question: 'Why #1?', answer: 'Because.' }] }),
    ).toBe('# FAQ\n\n## Why #1?\n\nBecause.\n');
    expect(() => renderLlmindexFaqPage({ faq: [{ question: 'Q', answer: '  ' }] })).toThrow(
      expect.objectContaining({ field: 'faq[0].answer' }),
    );
  });
});

describe('renderLlmindexAboutPage', () => {
  it('renders the story, sections and contact details', () => {
    expect(
      renderLlmindexAboutPage({
        name: 'Example Shop',
        about: 'Family business since 1990.',
        sections: [{ title: 'Team', body: { markdown: 'Ten people.' } }],
        contact: {
          email: 'hello@shop.example',
          phone: '+49 30 1234',
          address: 'Main St 1\n10115 Berlin',
          url: 'https://shop.example/contact',
        },
      }),
    ).toBe(`# About Example Shop

Family business since 1990.

## Team

Ten people.

## Contact

- Email: [hello@shop.example](mailto:hello@shop.example)
- Phone: +49 30 1234
- Address: Main St 1, 10115 Berlin
- Website: <https://shop.example/contact>
`);
  });

  it('rejects a malformed e-mail address and an empty story', () => {
    expect(() =>
      renderLlmindexAboutPage({ about: 'x', contact: { email: 'not-an-address' } }),
    ).toThrow(expect.objectContaining({ field: 'contact.email' }));
    expect(() => renderLlmindexAboutPage({ about: '' })).toThrow(
      expect.objectContaining({ field: 'about' }),
    );
  });
});
