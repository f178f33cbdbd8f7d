/**
 * Hand-written catalogue entries (spec recommender.md §3 "Final catalogue composition").
 *
 * Each replaces the mapped source record of the same phone (same id). What is hand-written here:
 * the list price in US dollars, the price tier (by the spec's labels: budget up to $500, midrange
 * up to $800, premium $800+), the official product page, the review video, the recommender classes
 * (editorial judgement instead of the text rules) and a few facts the source list omits for recent
 * phones (launch OS, colours, water resistance, weight). Everything else (display, cameras, battery,
 * chipset, ...) comes from the phone's source record, so the two never disagree.
 *
 * `reviewVideoId` is null until the channel's own review videos are linked: an id must be a real
 * video, never a placeholder.
 */
import type { CuratedEntry } from '../../lib/catalogue/compose';

export const curatedEntries: CuratedEntry[] = [
  {
    brand: 'Samsung', model: 'Galaxy S24 Ultra', price: 1299.99, priceRange: 'premium',
    purchaseLink: 'https://www.samsung.com/us/smartphones/galaxy-s24-ultra/', reviewVideoId: null,
    classes: { cameraQuality: 'professional', batteryLife: 'maximum', screenSize: 'large', storage: '1tb', processorSpeed: 'premium', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'Android 14', colors: ['Titanium Black', 'Titanium Gray', 'Titanium Violet', 'Titanium Yellow'], waterResistance: 'IP68', weight: '232 g' },
  },
  {
    brand: 'Samsung', model: 'Galaxy S24+', price: 999.99, priceRange: 'premium',
    purchaseLink: 'https://www.samsung.com/us/smartphones/galaxy-s24/', reviewVideoId: null,
    classes: { cameraQuality: 'professional', batteryLife: 'extended', screenSize: 'large', storage: '512gb', processorSpeed: 'premium', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'Android 14', colors: ['Onyx Black', 'Marble Gray', 'Cobalt Violet', 'Amber Yellow'], waterResistance: 'IP68', weight: '196 g' },
  },
  {
    brand: 'Samsung', model: 'Galaxy S24', price: 799.99, priceRange: 'midrange',
    purchaseLink: 'https://www.samsung.com/us/smartphones/galaxy-s24/', reviewVideoId: null,
    classes: { cameraQuality: 'professional', batteryLife: 'extended', screenSize: 'medium', storage: '512gb', processorSpeed: 'premium', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'Android 14', colors: ['Onyx Black', 'Marble Gray', 'Cobalt Violet', 'Amber Yellow'], waterResistance: 'IP68', weight: '167 g' },
  },
  {
    brand: 'Samsung', model: 'Galaxy S24 FE', price: 649.99, priceRange: 'midrange',
    purchaseLink: 'https://www.samsung.com/us/smartphones/galaxy-s24-fe/', reviewVideoId: null,
    classes: { cameraQuality: 'good', batteryLife: 'extended', screenSize: 'large', storage: '512gb', processorSpeed: 'fast', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'Android 14', colors: ['Blue', 'Graphite', 'Gray', 'Mint', 'Yellow'], waterResistance: 'IP68', weight: '213 g' },
  },
  {
    // Not sold in the US; priced from its UK launch price (£439).
    brand: 'Samsung', model: 'Galaxy A55 5G', price: 449.99, priceRange: 'budget',
    purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-a55-5g/', reviewVideoId: null,
    classes: { cameraQuality: 'good', batteryLife: 'maximum', screenSize: 'large', storage: '256gb', processorSpeed: 'fast', connectivity: '5g', advancedFeatures: 'standard' },
    facts: { os_version: 'Android 14', colors: ['Awesome Iceblue', 'Awesome Lilac', 'Awesome Navy', 'Awesome Lemon'], waterResistance: 'IP67', weight: '213 g' },
  },
  {
    brand: 'Samsung', model: 'Galaxy A35 5G', price: 399.99, priceRange: 'budget',
    purchaseLink: 'https://www.samsung.com/us/smartphones/galaxy-a35-5g/', reviewVideoId: null,
    classes: { cameraQuality: 'good', batteryLife: 'maximum', screenSize: 'large', storage: '256gb', processorSpeed: 'standard', connectivity: '5g', advancedFeatures: 'standard' },
    facts: { os_version: 'Android 14', colors: ['Awesome Iceblue', 'Awesome Lilac', 'Awesome Navy', 'Awesome Lemon'], waterResistance: 'IP67', weight: '209 g' },
  },
  {
    brand: 'Google', model: 'Pixel 8 Pro', price: 999.99, priceRange: 'premium',
    purchaseLink: 'https://store.google.com/product/pixel_8_pro', reviewVideoId: null,
    classes: { cameraQuality: 'professional', batteryLife: 'maximum', screenSize: 'large', storage: '1tb', processorSpeed: 'fast', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'Android 14', colors: ['Obsidian', 'Porcelain', 'Bay'], waterResistance: 'IP68', weight: '213 g' },
  },
  {
    brand: 'Google', model: 'Pixel 8', price: 699.99, priceRange: 'midrange',
    purchaseLink: 'https://store.google.com/product/pixel_8', reviewVideoId: null,
    classes: { cameraQuality: 'good', batteryLife: 'extended', screenSize: 'medium', storage: '256gb', processorSpeed: 'fast', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'Android 14', colors: ['Obsidian', 'Hazel', 'Rose'], waterResistance: 'IP68', weight: '187 g' },
  },
  {
    brand: 'Google', model: 'Pixel 8a', price: 499.99, priceRange: 'budget',
    purchaseLink: 'https://store.google.com/product/pixel_8a', reviewVideoId: null,
    classes: { cameraQuality: 'good', batteryLife: 'extended', screenSize: 'medium', storage: '256gb', processorSpeed: 'fast', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'Android 14', colors: ['Obsidian', 'Porcelain', 'Bay', 'Aloe'], waterResistance: 'IP67', weight: '188 g' },
  },
  {
    brand: 'Google', model: 'Pixel 7a', price: 499.99, priceRange: 'budget',
    purchaseLink: 'https://store.google.com/product/pixel_7a', reviewVideoId: null,
    classes: { cameraQuality: 'good', batteryLife: 'extended', screenSize: 'medium', storage: '128gb', processorSpeed: 'standard', connectivity: '5g', advancedFeatures: 'standard' },
    facts: { os_version: 'Android 13', colors: ['Charcoal', 'Snow', 'Sea', 'Coral'], waterResistance: 'IP67', weight: '193.5 g' },
  },
  {
    brand: 'Apple', model: 'iPhone 16 Pro Max', price: 1199.99, priceRange: 'premium',
    purchaseLink: 'https://www.apple.com/iphone-16-pro/', reviewVideoId: null,
    classes: { cameraQuality: 'professional', batteryLife: 'maximum', screenSize: 'large', storage: '1tb', processorSpeed: 'premium', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'iOS 18', colors: ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium'], waterResistance: 'IP68', weight: '227 g' },
  },
  {
    brand: 'Apple', model: 'iPhone 16 Pro', price: 999.99, priceRange: 'premium',
    purchaseLink: 'https://www.apple.com/iphone-16-pro/', reviewVideoId: null,
    classes: { cameraQuality: 'professional', batteryLife: 'extended', screenSize: 'medium', storage: '1tb', processorSpeed: 'premium', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'iOS 18', colors: ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium'], waterResistance: 'IP68', weight: '199 g' },
  },
  {
    brand: 'Apple', model: 'iPhone 16', price: 799.99, priceRange: 'midrange',
    purchaseLink: 'https://www.apple.com/iphone-16/', reviewVideoId: null,
    classes: { cameraQuality: 'good', batteryLife: 'extended', screenSize: 'medium', storage: '512gb', processorSpeed: 'premium', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'iOS 18', colors: ['Black', 'White', 'Pink', 'Teal', 'Ultramarine'], waterResistance: 'IP68', weight: '170 g' },
  },
  {
    brand: 'Apple', model: 'iPhone 15', price: 699.99, priceRange: 'midrange',
    purchaseLink: 'https://www.apple.com/iphone-15/', reviewVideoId: null,
    classes: { cameraQuality: 'good', batteryLife: 'standard', screenSize: 'medium', storage: '512gb', processorSpeed: 'fast', connectivity: '5g', advancedFeatures: 'standard' },
    facts: { os_version: 'iOS 17', colors: ['Black', 'Blue', 'Green', 'Yellow', 'Pink'], waterResistance: 'IP68', weight: '171 g' },
  },
  {
    brand: 'Samsung', model: 'Galaxy S23 Ultra', price: 1199.99, priceRange: 'premium',
    purchaseLink: 'https://www.samsung.com/us/smartphones/galaxy-s23-ultra/', reviewVideoId: null,
    classes: { cameraQuality: 'professional', batteryLife: 'maximum', screenSize: 'large', storage: '1tb', processorSpeed: 'fast', connectivity: '5g', advancedFeatures: 'ai' },
    facts: { os_version: 'Android 13', colors: ['Phantom Black', 'Cream', 'Green', 'Lavender'], waterResistance: 'IP68', weight: '234 g' },
  },
  {
    brand: 'Apple', model: 'iPhone 14 Pro', price: 999.99, priceRange: 'premium',
    purchaseLink: 'https://www.apple.com/iphone-14-pro/', reviewVideoId: null,
    classes: { cameraQuality: 'professional', batteryLife: 'standard', screenSize: 'medium', storage: '1tb', processorSpeed: 'premium', connectivity: '5g', advancedFeatures: 'ar' },
    facts: { os_version: 'iOS 16', colors: ['Space Black', 'Silver', 'Gold', 'Deep Purple'], waterResistance: 'IP68', weight: '206 g' },
  },
];
