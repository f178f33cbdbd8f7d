/**
 * The shop's built-in catalogue (a fixed list of 11; docs/site.md#shop), validated by its zod
 * schema when this module is first imported — so a bad entry fails `astro build`, not a visitor.
 *
 * Type model: `type` is hardware | accessory | digital (see src/lib/shop/product-schema.ts); the
 * other reading, digital | physical, is derived with `deliveryOf()`.
 *
 * Images are source assets under src/assets/products/ (made by scripts/generate-product-images.mjs);
 * components resolve them through Astro's image pipeline. Digital items have no image: cards and
 * the product page show a book icon instead (docs/site.md#product-card).
 */
import { findPhoneById } from '../lib/catalogue';
import { withCataloguePrices, type ProductSource } from '../lib/shop/phone-price';
import { catalogueSchema, deliveryOf, type Product } from '../lib/shop/product-schema';

export type { Product } from '../lib/shop/product-schema';
export { deliveryOf } from '../lib/shop/product-schema';

const img = (file: string) => `/src/assets/products/${file}`;

/** Brand of the business's own digital products. */
const HOUSE_BRAND = 'Maple Tech';

const raw: ProductSource[] = [
  {
    id: 'samsung-galaxy-s25',
    // The catalogue phone: its price is the recommender's (docs/shop.md, "One price per phone"), the
    // Canadian price of the base storage, so this is the 128 GB model.
    phoneId: 'samsung-galaxy-s25',
    name: 'Samsung Galaxy S25 (128 GB)',
    image: img('samsung-galaxy-s25-front.png'),
    additionalImages: [img('samsung-galaxy-s25-back.png'), img('samsung-galaxy-s25-side.png')],
    type: 'hardware',
    stock: 'In Stock',
    category: 'Smartphone',
    brand: 'Samsung',
    description:
      'Samsung’s compact flagship with the Snapdragon 8 Elite for Galaxy, a 120 Hz display and Galaxy AI built in.',
    longDescription:
      'The Galaxy S25 packs flagship power into a phone you can use with one hand. The Snapdragon 8 Elite for Galaxy keeps games and on-device AI fast and cool, the 6.2-inch Dynamic AMOLED 2X screen stays readable in bright sun, and the 50 MP triple camera turns low light into clean, detailed shots. Samsung promises seven years of Android and security updates, so it stays current well past the usual upgrade cycle.',
    features: [
      '6.2-inch FHD+ Dynamic AMOLED 2X, 1–120 Hz adaptive refresh',
      'Snapdragon 8 Elite for Galaxy with 12 GB RAM',
      '50 MP main, 12 MP ultra-wide and 10 MP 3x telephoto cameras',
      'Galaxy AI: Now Brief, Audio Eraser, Circle to Search',
      'Seven years of OS and security updates',
      'IP68 dust and water resistance',
    ],
    specifications: {
      Display: '6.2" FHD+ Dynamic AMOLED 2X, 120 Hz',
      Processor: 'Snapdragon 8 Elite for Galaxy',
      Memory: '12 GB RAM',
      Storage: '128 GB',
      'Rear cameras': '50 MP wide, 12 MP ultra-wide, 10 MP 3x telephoto',
      'Front camera': '12 MP',
      Battery: '4,000 mAh, 25 W wired, 15 W wireless',
      'Operating system': 'Android 15, One UI 7',
      Weight: '162 g',
      Colour: 'Icyblue',
    },
  },
  {
    id: 'samsung-galaxy-buds3-pro',
    name: 'Samsung Galaxy Buds3 Pro',
    price: 329.99,
    image: img('samsung-galaxy-buds3-pro-case.png'),
    additionalImages: [img('samsung-galaxy-buds3-pro-buds.png')],
    type: 'hardware',
    stock: 'In Stock',
    category: 'Audio',
    brand: 'Samsung',
    description: 'Two-way speakers, adaptive noise cancelling and 24-bit hi-fi sound in a blade-style design.',
    longDescription:
      'Galaxy Buds3 Pro pair a woofer and a planar tweeter in each bud for full bass and crisp highs. Adaptive ANC listens to your surroundings and adjusts in real time, sirens and voices can cut through automatically, and the blade lights show which bud is which at a glance. With a Galaxy phone you also get 24-bit/96 kHz audio and live interpreter in your ears.',
    features: [
      'Two-way speakers: enhanced woofer and planar tweeter',
      'Adaptive noise cancelling with siren and voice detection',
      '24-bit/96 kHz Hi-Fi audio with Samsung Seamless Codec',
      'Up to 30 hours of playback with the case (ANC off)',
      'IP57 dust and water resistance',
    ],
    specifications: {
      Drivers: '10.5 mm woofer + 6.1 mm planar tweeter',
      'Noise cancelling': 'Adaptive ANC',
      Battery: 'Up to 6 h (buds, ANC on), 26 h with case',
      Charging: 'USB-C, Qi wireless',
      Connectivity: 'Bluetooth 5.4',
      'Water resistance': 'IP57',
      Colour: 'Silver',
    },
  },
  {
    id: 'samsung-galaxy-watch7',
    name: 'Samsung Galaxy Watch7 (44 mm)',
    price: 439.99,
    image: img('samsung-galaxy-watch7-face.png'),
    additionalImages: [img('samsung-galaxy-watch7-side.png')],
    type: 'hardware',
    stock: 'Limited Stock',
    category: 'Wearable',
    brand: 'Samsung',
    description: 'A sleek Wear OS smartwatch with sleep coaching, an energy score and precise dual-frequency GPS.',
    longDescription:
      'Galaxy Watch7 keeps an eye on your health day and night. The BioActive sensor tracks heart rate, blood oxygen and body composition, Energy Score turns your sleep and activity into one morning number, and dual-frequency GPS keeps runs accurate between tall buildings. Sapphire crystal glass and an aluminium case keep it light enough to wear to bed.',
    features: [
      '1.5-inch Super AMOLED always-on display with sapphire crystal',
      'BioActive sensor: heart rate, SpO2, body composition',
      'Energy Score and personalised sleep coaching',
      'Dual-frequency GPS (L1 + L5)',
      '5 ATM + IP68, MIL-STD-810H',
    ],
    specifications: {
      Display: '1.5" Super AMOLED, 480 × 480',
      Case: '44 mm aluminium',
      Processor: 'Exynos W1000 (3 nm)',
      Storage: '32 GB',
      Battery: '425 mAh, up to 40 h',
      'Operating system': 'Wear OS 5, One UI 6 Watch',
      Connectivity: 'Bluetooth 5.3, Wi-Fi, NFC',
      Colour: 'Green',
    },
  },
  {
    id: 'samsung-galaxy-tab-s10-fe',
    name: 'Samsung Galaxy Tab S10 FE (128 GB)',
    price: 699.99,
    image: img('samsung-galaxy-tab-s10-fe-front.png'),
    additionalImages: [img('samsung-galaxy-tab-s10-fe-back.png')],
    type: 'hardware',
    stock: 'In Stock',
    category: 'Tablet',
    brand: 'Samsung',
    description: 'A bright 10.9-inch tablet with the S Pen in the box, made for notes, streaming and sketching.',
    longDescription:
      'Galaxy Tab S10 FE brings the essentials of Samsung’s premium tablets to a friendlier price. The 10.9-inch 90 Hz screen is great for video and split-screen multitasking, the included S Pen clicks onto the back and never needs charging, and the IP68 rating means a spill at the kitchen table is no drama.',
    features: [
      '10.9-inch 90 Hz LCD with Vision Booster',
      'S Pen included, no charging needed',
      'Circle to Search and Samsung Notes with handwriting help',
      'IP68 dust and water resistance',
      '8,000 mAh battery with 45 W fast charging',
    ],
    specifications: {
      Display: '10.9" WUXGA+ LCD, 90 Hz',
      Processor: 'Exynos 1580',
      Memory: '8 GB RAM',
      Storage: '128 GB, microSD up to 2 TB',
      Battery: '8,000 mAh, 45 W wired',
      'Operating system': 'Android 15, One UI 7',
      Weight: '497 g',
      Colour: 'Grey',
    },
  },
  {
    id: 'samsung-45w-power-adapter',
    name: 'Samsung 45W USB-C Power Adapter',
    price: 64.99,
    image: img('samsung-45w-power-adapter-front.png'),
    additionalImages: [img('samsung-45w-power-adapter-cable.png')],
    type: 'hardware',
    stock: 'In Stock',
    category: 'Accessory',
    brand: 'Samsung',
    description: 'Super Fast Charging 2.0 for Galaxy phones and tablets, with a 1.8 m USB-C cable in the box.',
    longDescription:
      'The 45 W adapter unlocks the fastest charging your Galaxy device supports: a compatible phone goes from empty to 65% in about 30 minutes. Power Delivery 3.0 with PPS means it also charges laptops, Switch consoles and other USB-C gear safely, and the compact body fits behind a couch.',
    features: [
      'Super Fast Charging 2.0 (45 W) for supported Galaxy devices',
      'USB Power Delivery 3.0 with PPS',
      '1.8 m USB-C to USB-C 5 A cable included',
      'Foldable-free compact design, Canadian Type A plug',
    ],
    specifications: {
      Output: '45 W max (PD 3.0 PPS)',
      Port: '1 × USB-C',
      Cable: 'USB-C to USB-C, 1.8 m, 5 A',
      Input: '100–240 V AC',
      Colour: 'Black',
    },
  },
  {
    id: 'insignia-galaxy-s25-screen-protector-3-pack',
    name: 'Insignia Tempered Glass Screen Protector for Galaxy S25 (3-Pack)',
    price: 29.99,
    image: img('insignia-screen-protector-pack.png'),
    additionalImages: [img('insignia-screen-protector-phone.png')],
    type: 'accessory',
    stock: 'In Stock',
    category: 'Accessory',
    brand: 'Insignia',
    description: 'Three 9H tempered glass protectors with an alignment frame for bubble-free installation.',
    longDescription:
      'Keep your Galaxy S25 screen free of scratches and cracks. Each 9H tempered glass sheet is 0.33 mm thin, keeps touch response and the in-display fingerprint reader working, and has an oleophobic coating against smudges. The alignment frame makes installation a one-try job — and with three in the box you have spares.',
    features: [
      '9H hardness tempered glass, 0.33 mm thin',
      'Works with the ultrasonic in-display fingerprint reader',
      'Oleophobic coating resists fingerprints',
      'Alignment frame and cleaning kit included',
      'Three protectors per pack',
    ],
    specifications: {
      Compatibility: 'Samsung Galaxy S25',
      Material: 'Tempered glass, 9H',
      Thickness: '0.33 mm',
      'In the box': '3 protectors, alignment frame, wipes, dust stickers',
    },
    affiliate_link: 'https://www.bestbuy.ca/en-ca/search?search=insignia+galaxy+s25+screen+protector',
  },
  {
    id: 'smartphone-buying-guide',
    name: 'The 2025 Smartphone Buying Guide',
    price: 14.99,
    image: '',
    type: 'digital',
    stock: 'Digital Download',
    category: 'Guide',
    brand: HOUSE_BRAND,
    description:
      'Our plain-language guide to choosing your next phone: budgets, carriers, cameras and trade-ins in Canada.',
    longDescription:
      'Buying a phone in Canada means juggling carrier plans, financing, trade-in offers and a dozen nearly identical models. This guide cuts through it: what actually matters for battery, camera and updates, how to compare the true two-year cost of a plan with a financed device, and what to buy at every budget.',
    features: [
      'Seven short chapters, printable',
      'Budget, mid-range and flagship picks',
      'The true two-year cost, step by step',
      'Trade-in and resale checklist',
    ],
    specifications: {
      Format: 'Printable HTML document (save as PDF from your browser)',
      Delivery: 'Download link by e-mail: 7 days, 5 downloads',
      Length: 'About 10 minutes to read',
      Language: 'English',
    },
  },
  {
    id: 'maple-wallpaper-pack',
    name: 'Canadian Landscapes 4K Wallpaper Pack',
    price: 7.99,
    image: '',
    type: 'digital',
    stock: 'Digital Download',
    category: 'Design',
    brand: HOUSE_BRAND,
    description:
      'All 30 Maple Tech wallpapers from our Walls page in one ZIP: 10 each in our Apple, Samsung and Google styles, 1080 × 1920.',
    longDescription:
      'One download instead of thirty: the pack collects every wallpaper of our Walls page, in folders by style, at full 1080 × 1920 resolution for 9:16 phone screens. Buying it supports the free wallpapers and the blog.',
    features: [
      '30 wallpapers, 1080 × 1920',
      'Folders for the Apple, Samsung and Google styles',
      'One ZIP download',
      'Personal-use licence',
    ],
    specifications: {
      Format: 'JPEG, ZIP download',
      Delivery: 'Download link by e-mail: 7 days, 5 downloads',
      Resolution: '1080 × 1920',
      'Number of images': '30',
      Licence: 'Personal use',
    },
  },
  {
    id: 'ai-prompt-guide',
    name: 'AI Prompt Playbook for Everyday Tech',
    price: 12.99,
    image: '',
    type: 'digital',
    stock: 'Digital Download',
    category: 'Guide',
    brand: HOUSE_BRAND,
    description: 'Tested prompts for Galaxy AI, Gemini and ChatGPT to write, plan, translate and troubleshoot faster.',
    longDescription:
      'AI assistants are only as useful as what you ask them. The playbook collects the prompts we use every day — for e-mail, trip planning, photo edits, translating menus and fixing tech problems — with the pattern behind them so you can write your own. Includes a section on privacy: what never to paste into a chatbot.',
    features: [
      'Copy-ready prompts for writing, planning, translating and fixing',
      'Tips for Galaxy AI, Gemini and ChatGPT',
      'Privacy section: what to keep out of AI tools',
      'One-page cheat sheet',
    ],
    specifications: {
      Format: 'Printable HTML document (save as PDF from your browser)',
      Delivery: 'Download link by e-mail: 7 days, 5 downloads',
      Language: 'English',
    },
  },
  {
    id: 'android-optimization-toolkit',
    name: 'Android Optimization Toolkit',
    price: 19.99,
    image: '',
    type: 'digital',
    stock: 'Digital Download',
    category: 'Utility',
    brand: HOUSE_BRAND,
    description:
      'Step-by-step checklists and settings profiles to make an Android phone faster, quieter and longer-lasting.',
    longDescription:
      'A slow phone is usually a settings problem, not a hardware one. The toolkit walks you through battery, storage, notification and privacy clean-ups with step-by-step checklists (Samsung menu names; Pixel and Motorola are similar), plus ready-made Modes and Routines profiles you can copy in minutes.',
    features: [
      'Battery and storage clean-up checklists',
      'Notification and privacy audit worksheet',
      'Ready-made Modes & Routines profiles',
      'Works on Android 13 and later',
    ],
    specifications: {
      Format: 'Printable HTML document (save as PDF from your browser)',
      Delivery: 'Download link by e-mail: 7 days, 5 downloads',
      Compatibility: 'Android 13 and later',
    },
  },
  {
    id: 'smartphone-photography-masterclass',
    name: 'Smartphone Photography Masterclass',
    price: 49.99,
    image: '',
    type: 'digital',
    stock: 'Digital Download',
    category: 'Course',
    brand: HOUSE_BRAND,
    description:
      'A written course in twelve lessons on composition, light, Pro mode and editing, with an assignment for each.',
    longDescription:
      'Twelve short lessons take you from point-and-shoot to confident photographer with the phone you already own. Learn composition and light, when to use Pro and RAW modes, night and portrait techniques, and a fast editing workflow in Lightroom Mobile and Snapseed. Lessons end with a short assignment.',
    features: [
      '12 written lessons',
      'Pro mode and RAW shooting explained',
      'Editing workflow for Lightroom Mobile and Snapseed',
      'Assignments to practise each lesson',
    ],
    specifications: {
      Format: 'Printable HTML document (save as PDF from your browser)',
      Delivery: 'Download link by e-mail: 7 days, 5 downloads',
      Lessons: '12',
      Level: 'Beginner to intermediate',
    },
  },
];

/** All products, in catalogue order. Parsing here makes the build fail on invalid data. */
export const PRODUCTS: readonly Product[] = catalogueSchema.parse(withCataloguePrices(raw, findPhoneById));

/** The product with this id, or undefined. */
export function getProduct(id: string): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

/** Ids shown in the home page's "Featured Products" (screen protector, flagship phone, smartwatch; docs/site.md#home). */
export const FEATURED_PRODUCT_IDS = [
  'insignia-galaxy-s25-screen-protector-3-pack',
  'samsung-galaxy-s25',
  'samsung-galaxy-watch7',
] as const;

/** The three featured products, in the order of FEATURED_PRODUCT_IDS. */
export function featuredProducts(): Product[] {
  return FEATURED_PRODUCT_IDS.map((id) => {
    const p = getProduct(id);
    if (!p) throw new Error(`Featured product '${id}' is missing from the catalogue`);
    return p;
  });
}

/** Physical products (hardware and accessories), optionally the first `limit` (home teaser: 3). */
export function hardwareProducts(limit?: number): Product[] {
  return PRODUCTS.filter((p) => deliveryOf(p) === 'physical').slice(0, limit);
}

/** Digital products, optionally the first `limit` (home teaser: 3). */
export function digitalProducts(limit?: number): Product[] {
  return PRODUCTS.filter((p) => deliveryOf(p) === 'digital').slice(0, limit);
}
