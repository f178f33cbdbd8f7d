/**
 * Shape checks for what the recommender keeps in session storage (docs/recommender.md#wizard-steps):
 * a value that does not parse, or is not what we wrote, is "unreadable". Light structural checks, no
 * schema library, so the results page can read storage before any heavier code loads. Pure.
 */
import type { Preferences } from '../preferences';
import type { Recommendation } from '../recommendation';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stored preferences: an object whose values are strings, numbers, booleans or small objects. */
export function isStoredPreferences(v: unknown): v is Preferences {
  return (
    isObject(v) && Object.values(v).every((x) => ['string', 'number', 'boolean'].includes(typeof x) || isObject(x))
  );
}

/**
 * Stored recommendations: a non-empty list of {phone (with its CAD pricing, availability and update
 * support), matchScore, reasons, working, notes}.
 */
export function isStoredRecommendations(v: unknown): v is Recommendation[] {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every(
      (r) =>
        isObject(r) &&
        typeof r.matchScore === 'number' &&
        Array.isArray(r.reasons) &&
        r.reasons.every((x) => typeof x === 'string') &&
        Array.isArray(r.working) &&
        Array.isArray(r.notes) &&
        isObject(r.phone) &&
        typeof r.phone.id === 'string' &&
        typeof r.phone.brand === 'string' &&
        typeof r.phone.model === 'string' &&
        isObject(r.phone.specs) &&
        // Written before prices carried their source: unreadable, so the visitor recomputes.
        isObject(r.phone.pricing) &&
        // Written before phones carried availability and update support: unreadable too.
        isObject(r.phone.availability) &&
        isObject(r.phone.updates) &&
        Array.isArray(r.phone.features),
    )
  );
}
