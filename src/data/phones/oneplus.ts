/**
 * OnePlus phones sold in Canada, as a spec sheet prints them (raw source records,
 * docs/recommender.md#catalogue-records).
 *
 * Facts are from OnePlus's published specifications of the North American models (launched January
 * 2025), entered from launch coverage without network access to re-check them; dimensions are rounded
 * to the tenth of a millimetre. Battery capacities are OnePlus's own figures.
 * `category` follows the US launch price: under $500 Budget, under $800 Midrange, otherwise Premium.
 *
 * Validated by `rawPhoneSchema` (src/lib/catalogue/schema.ts) when the catalogue is built.
 */
import type { RawPhoneRecord } from '../../lib/catalogue/schema';

export const oneplusRecords: RawPhoneRecord[] = [
  {
    brand: 'OnePlus',
    model: '13',
    year: 2025,
    category: 'Premium',
    network: '5G',
    dimensions: '162.9 x 76.5 x 8.5 mm',
    body_material: 'Glass front (Ceramic Guard), glass or vegan leather back, aluminum frame',
    display_type: 'LTPO AMOLED, 1-120Hz',
    screen_size: '6.82 inches',
    battery_capacity: '6000 mAh',
    battery_type: 'Silicon-carbon Li-Ion',
    main_camera: 'Triple: 50MP wide (f/1.6, OIS), 50MP 3x periscope telephoto, 50MP ultrawide',
    selfie_camera: '32MP',
    chipset: 'Qualcomm Snapdragon 8 Elite',
    ram: '12GB/16GB',
    storage: '256GB/512GB',
    memory_card_slot: 'No',
    wifi_type: 'Wi-Fi 7 (802.11be)',
    features: [
      'OnePlus AI features',
      '80W wired and 50W wireless charging',
      'IP68/IP69 water and dust protection',
      'Ultrasonic in-display fingerprint sensor',
      'Alert Slider',
    ],
  },
  {
    brand: 'OnePlus',
    model: '13R',
    year: 2025,
    category: 'Midrange',
    network: '5G',
    dimensions: '161.7 x 75.8 x 8.0 mm',
    body_material: 'Glass front and back (Gorilla Glass 7i), aluminum frame',
    display_type: 'LTPO AMOLED, 1-120Hz',
    screen_size: '6.78 inches',
    battery_capacity: '6000 mAh',
    battery_type: 'Silicon-carbon Li-Ion',
    main_camera: 'Triple: 50MP wide (f/1.8, OIS), 50MP 2x telephoto, 8MP ultrawide',
    selfie_camera: '16MP',
    chipset: 'Qualcomm Snapdragon 8 Gen 3',
    ram: '12GB',
    storage: '256GB',
    memory_card_slot: 'No',
    wifi_type: 'Wi-Fi 7 (802.11be)',
    features: [
      'OnePlus AI features',
      '80W wired charging',
      'IP65 water and dust resistance',
      'In-display fingerprint sensor',
      'Alert Slider',
    ],
  },
];
