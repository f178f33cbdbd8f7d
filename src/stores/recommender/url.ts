/**
 * The address: the results' answers go into `?a=` so the page can be shared. Opening a shared link
 * is ./restore.ts.
 */

/** The query parameter that carries the encoded answers. */
const SHARE_PARAM = 'a';

/** The encoded answers of a shared link's query string, or null. */
export function sharedAnswers(search: string): string | null {
  return new URLSearchParams(search).get(SHARE_PARAM) || null;
}

/** Puts `?a=` in the address bar (or removes it) without a navigation. */
export function syncUrl(encoded: string | null): void {
  if (typeof history === 'undefined' || typeof location === 'undefined') return;
  const url = new URL(location.href);
  if (encoded) url.searchParams.set(SHARE_PARAM, encoded);
  else url.searchParams.delete(SHARE_PARAM);
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}
