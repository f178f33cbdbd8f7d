/**
 * Hand-written catalogue entries.
 *
 * Each replaces the mapped source record of the same phone (same id). What is hand-written here:
 * the maker's Canadian product page, the review video and a few facts the source list omits for
 * recent phones (launch OS, colours, water resistance, weight). Price, tier and classes are not
 * hand-written: they come from the CAD price table and the one-way classification like every other
 * phone, so a hand-written entry can never disagree with the same facts elsewhere.
 * The product pages are plain links to the makers' sites: no affiliate code, nothing is earned.
 *
 * `reviewVideoId` is null until the channel's own review videos are linked: an id must be a real
 * video, never a placeholder.
 */
import type { CuratedEntry } from '../../lib/catalogue/compose';

export const curatedEntries: CuratedEntry[] = [
  {
    brand: 'Samsung',
    model: 'Galaxy S24 Ultra',
    purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-s24-ultra/',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Titanium Black', 'Titanium Gray', 'Titanium Violet', 'Titanium Yellow'],
      waterResistance: 'IP68',
      weight: '232 g',
    },
  },
  {
    brand: 'Samsung',
    model: 'Galaxy S24+',
    purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-s24/',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Onyx Black', 'Marble Gray', 'Cobalt Violet', 'Amber Yellow'],
      waterResistance: 'IP68',
      weight: '196 g',
    },
  },
  {
    brand: 'Samsung',
    model: 'Galaxy S24',
    purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-s24/',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Onyx Black', 'Marble Gray', 'Cobalt Violet', 'Amber Yellow'],
      waterResistance: 'IP68',
      weight: '167 g',
    },
  },
  {
    brand: 'Samsung',
    model: 'Galaxy S24 FE',
    purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-s24-fe/',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Blue', 'Graphite', 'Gray', 'Mint', 'Yellow'],
      waterResistance: 'IP68',
      weight: '213 g',
    },
  },
  {
    brand: 'Samsung',
    model: 'Galaxy A55 5G',
    purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-a55-5g/',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Awesome Iceblue', 'Awesome Lilac', 'Awesome Navy', 'Awesome Lemon'],
      waterResistance: 'IP67',
      weight: '213 g',
    },
  },
  {
    brand: 'Samsung',
    model: 'Galaxy A35 5G',
    purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-a35-5g/',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Awesome Iceblue', 'Awesome Lilac', 'Awesome Navy', 'Awesome Lemon'],
      waterResistance: 'IP67',
      weight: '209 g',
    },
  },
  {
    brand: 'Google',
    model: 'Pixel 8 Pro',
    purchaseLink: 'https://store.google.com/ca/product/pixel_8_pro',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Obsidian', 'Porcelain', 'Bay'],
      waterResistance: 'IP68',
      weight: '213 g',
    },
  },
  {
    brand: 'Google',
    model: 'Pixel 8',
    purchaseLink: 'https://store.google.com/ca/product/pixel_8',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Obsidian', 'Hazel', 'Rose'],
      waterResistance: 'IP68',
      weight: '187 g',
    },
  },
  {
    brand: 'Google',
    model: 'Pixel 8a',
    purchaseLink: 'https://store.google.com/ca/product/pixel_8a',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 14',
      colors: ['Obsidian', 'Porcelain', 'Bay', 'Aloe'],
      waterResistance: 'IP67',
      weight: '188 g',
    },
  },
  {
    brand: 'Google',
    model: 'Pixel 7a',
    purchaseLink: 'https://store.google.com/ca/product/pixel_7a',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 13',
      colors: ['Charcoal', 'Snow', 'Sea', 'Coral'],
      waterResistance: 'IP67',
      weight: '193.5 g',
    },
  },
  {
    brand: 'Apple',
    model: 'iPhone 16 Pro Max',
    purchaseLink: 'https://www.apple.com/ca/iphone-16-pro/',
    reviewVideoId: null,
    facts: {
      os_version: 'iOS 18',
      colors: ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium'],
      waterResistance: 'IP68',
      weight: '227 g',
    },
  },
  {
    brand: 'Apple',
    model: 'iPhone 16 Pro',
    purchaseLink: 'https://www.apple.com/ca/iphone-16-pro/',
    reviewVideoId: null,
    facts: {
      os_version: 'iOS 18',
      colors: ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium'],
      waterResistance: 'IP68',
      weight: '199 g',
    },
  },
  {
    brand: 'Apple',
    model: 'iPhone 16',
    purchaseLink: 'https://www.apple.com/ca/iphone-16/',
    reviewVideoId: null,
    facts: {
      os_version: 'iOS 18',
      colors: ['Black', 'White', 'Pink', 'Teal', 'Ultramarine'],
      waterResistance: 'IP68',
      weight: '170 g',
    },
  },
  {
    brand: 'Apple',
    model: 'iPhone 15',
    purchaseLink: 'https://www.apple.com/ca/iphone-15/',
    reviewVideoId: null,
    facts: {
      os_version: 'iOS 17',
      colors: ['Black', 'Blue', 'Green', 'Yellow', 'Pink'],
      waterResistance: 'IP68',
      weight: '171 g',
    },
  },
  {
    brand: 'Samsung',
    model: 'Galaxy S23 Ultra',
    purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-s23-ultra/',
    reviewVideoId: null,
    facts: {
      os_version: 'Android 13',
      colors: ['Phantom Black', 'Cream', 'Green', 'Lavender'],
      waterResistance: 'IP68',
      weight: '234 g',
    },
  },
  {
    brand: 'Apple',
    model: 'iPhone 14 Pro',
    purchaseLink: 'https://www.apple.com/ca/iphone-14-pro/',
    reviewVideoId: null,
    facts: {
      os_version: 'iOS 16',
      colors: ['Space Black', 'Silver', 'Gold', 'Deep Purple'],
      waterResistance: 'IP68',
      weight: '206 g',
    },
  },
];
