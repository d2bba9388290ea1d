import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchArticles } from './articles.ts';
import { countOf } from '#domain/common/plural.ts';
import { useToast } from '../../../components/Toasts.tsx';

/** How often the home page looks for newly published articles; the badge clears after 30 s (reader spec). */
const CHECK_MS = 60_000;
const CLEAR_MS = 30_000;
const LOOKED_AT = 20;
const FIRST_CHECK_MS = 3000;

/**
 * Counts articles published since the page loaded: the newest public articles are compared with the
 * ones seen at load. Refresh takes them in and starts counting again.
 */
export function useNewArticles(): { count: number; refresh: () => void; generation: number } {
  const toast = useToast();
  const seen = useRef<Set<string> | null>(null);
  const [count, setCount] = useState(0);
  const [generation, setGeneration] = useState(0);

  const check = useCallback(async () => {
    try {
      const { items } = await fetchArticles({ sort: 'latest', market: 'all', limit: LOOKED_AT });
      if (!seen.current) {
        seen.current = new Set(items.map((item) => item.id));
        return;
      }
      const fresh = items.filter((item) => !seen.current?.has(item.id)).length;
      if (fresh > 0) {
        items.forEach((item) => seen.current?.add(item.id));
        setCount((current) => current + fresh);
        toast('New Content Available', `${countOf(fresh, 'new article')} published`);
      }
    } catch {
      // A failed check is retried at the next tick; the reader is not told.
    }
  }, [toast]);

  useEffect(() => {
    // The first look waits a little: the page's own list is loading then.
    const first = setTimeout(() => void check(), FIRST_CHECK_MS);
    const onVisible = () => document.visibilityState === 'visible' && void check();
    const timer = setInterval(onVisible, CHECK_MS);
    window.addEventListener('focus', onVisible);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      window.removeEventListener('focus', onVisible);
    };
  }, [check]);

  useEffect(() => {
    if (count === 0) return;
    const timer = setTimeout(() => setCount(0), CLEAR_MS);
    return () => clearTimeout(timer);
  }, [count]);

  const refresh = useCallback(() => {
    setCount(0);
    setGeneration((value) => value + 1);
  }, []);

  return { count, refresh, generation };
}
