/**
 * A staff list read a page at a time: the first page from `url` (again whenever `url` changes, or on
 * `load()`), and the next one from the answer's `Link: rel="next"` on `loadMore()`, appended to the
 * entries. `what` names the list in the console when a request fails.
 */
import { useCallback, useEffect, useState } from 'react';
import { adminRequest, nextLinkOf } from '../../stores/admin';

export function usePagedList<T extends { entries: readonly unknown[] }>(url: string, what: string) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data: answer, headers } = await adminRequest<T>(url);
      setData(answer);
      setNext(nextLinkOf(headers));
      setFailed(false);
    } catch (err) {
      console.error(`[admin] loading the ${what} failed`, err);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [url, what]);

  useEffect(() => {
    void load();
  }, [load]);

  const loadMore = useCallback(async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const { data: page, headers } = await adminRequest<T>(next);
      setData((prev) => (prev ? { ...prev, entries: [...prev.entries, ...page.entries] } : page));
      setNext(nextLinkOf(headers));
    } catch (err) {
      console.error(`[admin] loading more of the ${what} failed`, err);
    } finally {
      setLoadingMore(false);
    }
  }, [next, what]);

  return { data, setData, loading, failed, next, loadingMore, load, loadMore };
}
