/**
 * How the engine words a phone's specs in its working and reasons: lens names without their
 * details, the longest telephoto, storage sizes ('256 GB'). Pure; client-safe.
 */
import type { Phone } from '../catalogue/schema';

/** The text with its first letter in capitals. */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A lens's text without the details in brackets ('50MP (f/1.8, OIS)' -> '50MP'), or null. */
export function lensText(text: string | null): string | null {
  return text ? text.replace(/\s*\([^)]*\)/g, '').trim() : null;
}

/** The telephoto with the longest zoom, or null. */
export function bestTele(phone: Phone): { mp: number; zoom: number } | null {
  const text = phone.specs.cameraSpecs.telephoto;
  if (!text) return null;
  const lenses = text.split(' + ').flatMap((l) => {
    const m = /(\d+(?:\.\d+)?)\s*MP/i.exec(l);
    const z = [...l.matchAll(/(\d+(?:\.\d+)?)x/gi)].map((x) => Number(x[1]));
    return m && z.length ? [{ mp: Number(m[1]), zoom: Math.max(...z) }] : [];
  });
  return lenses.sort((a, b) => b.zoom - a.zoom)[0] ?? null;
}

/** A storage size as written on the cards: '256gb' -> '256 GB'. */
export const storageText = (s: string) => s.toUpperCase().replace(/(\d)([GT]B)/, '$1 $2');
