/**
 * The spec-sheet rows on the back of a phone card (docs/recommender.md#screens): twelve rows, in
 * the documented order, each a printable value or '—' when the catalogue does not know it.
 * Pure; imports types only.
 */
import type { Phone } from '../../catalogue/schema';
import { UNKNOWN } from '../format';
import { showJoined } from './display';

export const SPEC_ROW_LABELS = [
  'Display',
  'Main Camera',
  'Selfie Camera',
  'Battery',
  'Processor',
  'RAM',
  'Storage',
  'Connectivity',
  'Build & Protection',
  'Audio & Extras',
  'OS & Updates',
  'Features & Sensors',
] as const;
export type SpecRowLabel = (typeof SPEC_ROW_LABELS)[number];

export interface SpecRow {
  label: SpecRowLabel;
  value: string;
}

const AUDIO = /speaker|audio|dolby|headphone|jack|sound|s pen|stylus|esim|dual sim|wireless charging|reverse/i;
const SENSORS =
  /face id|touch id|fingerprint|sensor|thermometer|satellite|sos|uwb|ultra wideband|lidar|crash|nfc|action button|camera control|ai\b/i;

/**
 * Rows of the card's back. `updates` (e.g. 'OS updates until Sep 2031', from `updatesLabel` on the
 * day the card is shown) is appended to the OS version when given.
 */
export function phoneSpecRows(phone: Phone, updates?: string | null): SpecRow[] {
  const s = phone.specs;
  const cam = s.cameraSpecs;
  const features = phone.features.map((f) => f.label);
  const audio = features.filter((f) => AUDIO.test(f));
  const sensors = features.filter((f) => SENSORS.test(f) && !AUDIO.test(f));
  const rows: Record<SpecRowLabel, string> = {
    Display: showJoined([s.screenInches !== null ? `${s.screenInches}"` : null, s.display], ' '),
    'Main Camera': showJoined([cam.mainCamera, cam.ultrawide, cam.telephoto, cam.macro], ' + '),
    'Selfie Camera': showJoined([cam.frontCamera]),
    Battery: showJoined(
      [s.batteryMah !== null ? `${s.batteryMah.toLocaleString('en-US')} mAh` : null, s.batteryType],
      ' ',
    ),
    Processor: showJoined([s.chipset]),
    RAM: showJoined([s.ram?.replaceAll('/', ' / ')]),
    Storage: s.storageOptions.length ? s.storageOptions.join(' / ') : UNKNOWN,
    Connectivity: showJoined([s.network, s.wifi]),
    'Build & Protection': showJoined([s.bodyMaterial, s.waterResistance, s.weight, s.dimensions]),
    'Audio & Extras': showJoined([...audio, s.memoryCardSlot ? `Memory card: ${s.memoryCardSlot}` : null]),
    'OS & Updates': showJoined([s.os_version, updates]),
    'Features & Sensors': showJoined(sensors.length ? sensors : features),
  };
  return SPEC_ROW_LABELS.map((label) => ({ label, value: rows[label] }));
}
