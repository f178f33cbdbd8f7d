/**
 * The shop's product model (docs/site.md#shop), one zod schema shared by the data module, the pages
 * and the tests.
 *
 * `type` — it has two readings: hardware | accessory | digital, and digital | physical. This
 * project stores the first, finer one (`type`), and DERIVES the second with `deliveryOf()`:
 * hardware and accessory are 'physical', digital is 'digital'. Nothing stores the coarse reading,
 * so the two can never disagree.
 */
import { z } from 'zod';

/** What a product is: a device (hardware), an add-on for one (accessory) or a download (digital). */
export const productTypeSchema = z.enum(['hardware', 'accessory', 'digital']);
export type ProductType = z.infer<typeof productTypeSchema>;

/** The coarse reading of `type`: how the product reaches the buyer. */
export type ProductDelivery = 'physical' | 'digital';

/** Stock texts shown as-is. */
export const stockTextSchema = z.enum(['In Stock', 'Limited Stock', 'Digital Download']);
export type StockText = z.infer<typeof stockTextSchema>;

/**
 * An image reference: an absolute http(s) address, a site path ('/images/...'), or a source asset
 * path ('/src/assets/products/x.png', optimised by Astro at build time). Empty means "no image".
 */
const imageRefSchema = z.string().refine((s) => s === '' || /^(https?:\/\/|\/(?!\/))/.test(s), {
  message: 'Image must be empty, an http(s) address or a path starting with /',
});

export const productSchema = z
  .object({
    /** URL slug: /product/{id}. */
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be a lowercase slug'),
    name: z.string().min(1),
    /** Price in Canadian dollars (for a catalogue phone, the catalogue's price: `phoneId`). */
    price: z.number().positive().multipleOf(0.01),
    /**
     * The recommender catalogue phone this product is (src/content/phones/<phoneId>.json): its price
     * is then the catalogue's, never written here (docs/shop.md, "One price per phone").
     */
    phoneId: z.string().min(1).optional(),
    /** Main image; '' when there is none (digital items show a book icon). */
    image: imageRefSchema,
    type: productTypeSchema,
    stock: stockTextSchema,
    /** Shop filter category, e.g. 'Smartphone', 'Accessory', 'Guide'. */
    category: z.string().min(1),
    brand: z.string().min(1).optional(),
    /** Further gallery images after `image`. */
    additionalImages: z.array(imageRefSchema.refine((s) => s !== '')).default([]),
    /** Short text; clamped to two lines on cards. */
    description: z.string().min(1).optional(),
    longDescription: z.string().min(1).optional(),
    features: z.array(z.string().min(1)).default([]),
    /** Label -> value, shown in insertion order. */
    specifications: z.record(z.string(), z.string()).default({}),
    /** External retailer link; when present the product is bought there ('Buy Now'). */
    affiliate_link: z.url({ protocol: /^https$/ }).optional(),
  })
  .refine((p) => (p.type === 'digital') === (p.stock === 'Digital Download'), {
    message: "Digital products (and only they) have the stock text 'Digital Download'",
    path: ['stock'],
  });

export type Product = z.infer<typeof productSchema>;
/** What the data module is written as (defaults not yet applied). */
export type ProductInput = z.input<typeof productSchema>;

/** A catalogue: valid products with unique ids. */
export const catalogueSchema = z.array(productSchema).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((p, i) => {
    if (seen.has(p.id)) ctx.addIssue({ code: 'custom', message: `Duplicate product id '${p.id}'`, path: [i, 'id'] });
    seen.add(p.id);
  });
});

/** The coarse reading of a product's type: 'digital' for downloads, else 'physical'. */
export function deliveryOf(product: Pick<Product, 'type'>): ProductDelivery {
  return product.type === 'digital' ? 'digital' : 'physical';
}
