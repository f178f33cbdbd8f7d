/**
 * Source capture on page load (docs/site.md#signups). Pure, client-safe.
 */
import { LIMITS } from './constants';

export interface CapturedSource {
  /** utm_source, else source, else the referrer's host name; '' for direct visits. */
  source: string;
  /** document.referrer ('' when none). */
  referrer: string;
}

/**
 * @param search the page's query string (location.search)
 * @param referrer document.referrer
 */
export function captureSource(search: string, referrer: string): CapturedSource {
  const params = new URLSearchParams(search);
  let source = (params.get('utm_source') || params.get('source') || '').trim();
  const ref = referrer.trim().slice(0, LIMITS.referrer);
  if (!source && ref) {
    try {
      source = new URL(ref).hostname;
    } catch {
      source = '';
    }
  }
  return { source: source.slice(0, LIMITS.source), referrer: ref };
}
