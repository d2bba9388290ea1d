import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { articleKeys } from './articleQueries.ts';
import { fetchArticles } from './articles.ts';

/** How often the home page looks for newly published articles; the badge clears after 30 s (reader spec). */
const CHECK_MS = 60_000;
const CLEAR_MS = 30_000;
const LOOKED_AT = 20;
const FIRST_CHECK_MS = 3000;

/**
 * Counts articles published since the page loaded: the newest public articles, asked for every minute
 * while the tab is visible and on focus, are compared with the ones seen at the first look; `onArrived`
 * hears how many are new. Refresh asks for the lists again and starts counting again. A failed look is
 * retried at the next tick; the reader is not told.
 */
export function useNewArticles(onArrived: (count: number) => void): { count: number; refresh: () => void } {
  const queryClient = useQueryClient();
  // The first look waits a little: the page's own list is loading then.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), FIRST_CHECK_MS);
    return () => clearTimeout(timer);
  }, []);
  const newest = useQuery({
    queryKey: articleKeys.newest(LOOKED_AT),
    queryFn: () => fetchArticles({ sort: 'latest', market: 'all', limit: LOOKED_AT }),
    enabled: started,
    staleTime: 0,
    refetchInterval: CHECK_MS,
    refetchOnWindowFocus: 'always',
    retry: false,
  });

  const seen = useRef<Set<string> | null>(null);
  const arrivedRef = useRef(onArrived);
  arrivedRef.current = onArrived;
  const [count, setCount] = useState(0);
  const items = started ? newest.data?.items : undefined;
  useEffect(() => {
    if (!items) return;
    if (!seen.current) {
      seen.current = new Set(items.map((item) => item.id));
      return;
    }
    const known = seen.current;
    const fresh = items.filter((item) => !known.has(item.id));
    if (fresh.length === 0) return;
    fresh.forEach((item) => known.add(item.id));
    setCount((current) => current + fresh.length);
    arrivedRef.current(fresh.length);
  }, [items]);

  useEffect(() => {
    if (count === 0) return;
    const timer = setTimeout(() => setCount(0), CLEAR_MS);
    return () => clearTimeout(timer);
  }, [count]);

  const refresh = () => {
    setCount(0);
    void queryClient.invalidateQueries({ queryKey: articleKeys.lists });
  };
  return { count, refresh };
}
