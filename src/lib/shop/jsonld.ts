/**
 * schema.org Product structured data for /product/{id}. Pure; the page passes absolute URLs.
 */
import type { Product } from './product-schema';

const AVAILABILITY: Record<Product['stock'], string> = {
  'In Stock': 'https://schema.org/InStock',
  'Limited Stock': 'https://schema.org/LimitedAvailability',
  'Digital Download': 'https://schema.org/InStock',
};

/**
 * The JSON-LD object for a product.
 * @param product the catalogue entry
 * @param opts.url absolute address of the product page
 * @param opts.images absolute image addresses (may be empty)
 * @param opts.currency ISO 4217 code of the prices (CAD)
 */
export function productJsonLd(
  product: Product,
  opts: { url: string; images: string[]; currency: string },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${opts.url}#product`,
    name: product.name,
    sku: product.id,
    category: product.category,
    ...(product.description ? { description: product.description } : {}),
    ...(opts.images.length ? { image: opts.images } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: product.affiliate_link ?? opts.url,
      price: product.price.toFixed(2),
      priceCurrency: opts.currency,
      availability: AVAILABILITY[product.stock],
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/** JSON for a <script type="application/ld+json"> element: '<' escaped so no text can close the tag. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
