import type { Product } from '../cms-client';
import { markup } from '../html';
import { renderBlocks } from '../render-blocks';
import { formatPrice } from '../site-text';
import type { PageView } from './page-view';

const AVAILABILITY: Record<Product['availability'], [label: string, schema: string]> = {
  in_stock: ['In stock', 'https://schema.org/InStock'],
  out_of_stock: ['Out of stock', 'https://schema.org/OutOfStock'],
  preorder: ['Pre-order', 'https://schema.org/PreOrder'],
};

export const productPath = (product: Product) => `/products/${product.slug}/`;

export function productCard(product: Product) {
  return markup`<article class="card card--product">
  <p class="card__meta"><span class="tag">${product.category}</span> <span class="stock stock--${product.availability}">${AVAILABILITY[product.availability]?.[0]}</span></p>
  <h3><a href="${productPath(product)}">${product.name}</a></h3>
  <p>${product.summary}</p>
  <p class="price">${formatPrice(Number(product.price), product.currency, 'en')}</p>
</article>`;
}

export function productsPage(products: Product[]): PageView {
  return {
    title: 'Products',
    description: 'Microcontroller boards, sensors, kits and tools, shipped from Lyon.',
    locale: 'en',
    section: 'products',
    body: markup`<h1>Products</h1>
<p class="lead">Every product here has a tested project article behind it. Prices include VAT.</p>
<div class="cards">${products.map(productCard)}</div>`,
  };
}

export function productPage(product: Product, origin: string): PageView {
  const [label, availability] = AVAILABILITY[product.availability] ?? ['', ''];
  return {
    title: product.name,
    description: product.summary,
    locale: 'en',
    section: 'products',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      sku: product.sku,
      description: product.summary ?? undefined,
      brand: product.brand ? { '@type': 'Brand', name: product.brand } : undefined,
      offers: {
        '@type': 'Offer',
        price: String(product.price),
        priceCurrency: product.currency,
        availability,
        url: `${origin}${productPath(product)}`,
      },
    },
    body: markup`<nav class="breadcrumb" aria-label="Breadcrumb"><a href="/">Tinkerbench</a> › <a href="/products/">Products</a></nav>
<article class="product">
  <header>
    <h1>${product.name}</h1>
    <p class="lead">${product.summary}</p>
  </header>
  <aside class="buy-box">
    <p class="price">${formatPrice(Number(product.price), product.currency, 'en')}</p>
    <p class="stock stock--${product.availability}">${label}</p>
    <p class="sku">SKU ${product.sku}</p>
    <button type="button" class="add-to-cart" data-sku="${product.sku}"${product.availability === 'out_of_stock' ? markup` disabled` : ''}>Add to cart</button>
  </aside>
  <div class="prose">${renderBlocks(product.content)}</div>
</article>`,
  };
}
